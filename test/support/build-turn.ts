import type {
  AgentEvent,
  Expectation,
  Scenario,
  SourceLocation,
  ToolResult,
  Turn,
  TurnResult,
} from "../../src/domain/index.js";
import { OWNER_ORIGIN, ZERO_USAGE } from "../../src/domain/index.js";

/** The location test expectations carry, so whole results can be compared. */
export const TEST_LOCATION: SourceLocation = { file: "/scenarios/test.yaml", line: 7, column: 9 };

/** A one-turn scenario at `/scenarios/test.yaml`; `overrides` replace whole fields. */
export function buildScenario(overrides: Partial<Scenario> = {}): Scenario {
  return {
    id: "test",
    fileId: "test",
    file: "/scenarios/test.yaml",
    name: "test scenario",
    tags: [],
    config: {},
    env: {},
    clockMs: Date.parse("2026-03-11T09:00:00.000Z"),
    timezone: "UTC",
    models: ["scripted"],
    repeat: 1,
    hooks: [],
    bins: [],
    maxSteps: 25,
    stream: false,
    summaries: [],
    turns: [],
    ...overrides,
  };
}

/** A user turn with no script; pass `expect` to check expectations. */
export function buildTurn(overrides: Partial<Turn> = {}): Turn {
  return {
    index: 0,
    kind: "user",
    arrival: { kind: "settled" },
    origin: OWNER_ORIGIN,
    text: "hello",
    script: [],
    approvals: [],
    expect: [],
    location: { file: "/scenarios/test.yaml", line: 3, column: 5 },
    ...overrides,
  };
}

/** A turn result with an empty reply, prompt and event list. */
export function buildTurnResult(overrides: Partial<TurnResult> = {}): TurnResult {
  return {
    index: 0,
    kind: "user",
    input: "hello",
    reply: "",
    delivered: null,
    systemPrompt: "",
    events: [],
    expectations: [],
    usage: ZERO_USAGE,
    costUsd: null,
    latencyMs: 0,
    ...overrides,
  };
}

/** Adds {@link TEST_LOCATION} to a location-free expectation. */
export function located(expectation: DistributiveOmit<Expectation, "location">): Expectation {
  return { ...expectation, location: TEST_LOCATION } as Expectation;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface ToolCallSpec {
  id?: string;
  name: string;
  input?: Record<string, unknown>;
  /** Result text; without it the call gets no end event. */
  output?: string;
  isError?: boolean;
}

/** `tool_execution_start` / `tool_execution_end` pairs, in order, ids `call-1`, `call-2`, ... */
export function buildToolEvents(calls: readonly ToolCallSpec[]): AgentEvent[] {
  const base = { runId: "run-1", sessionKey: "agent:main:scenario" };
  return calls.flatMap((call, index): AgentEvent[] => {
    const toolCallId = call.id ?? `call-${index + 1}`;
    const start: AgentEvent = {
      ...base,
      type: "tool_execution_start",
      toolCallId,
      toolName: call.name,
      args: call.input ?? {},
    };
    if (call.output === undefined) return [start];
    const isError = call.isError ?? false;
    const result: ToolResult = { content: [{ type: "text", text: call.output }], isError };
    return [start, { ...base, type: "tool_execution_end", toolCallId, toolName: call.name, result, isError }];
  });
}
