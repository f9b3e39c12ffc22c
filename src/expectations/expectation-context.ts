import type {
  AgentEvent,
  ExpectationOf,
  ExpectationResult,
  ExpectationType,
  Scenario,
  ToolResult,
  Turn,
  TurnResult,
} from "../domain/index.js";

/**
 * Loads a JavaScript module by absolute path and resolves its namespace. The runner passes a
 * dynamic `import()` of the file URL; tests may pass a fake. May reject.
 */
export type ImportModule = (absolutePath: string) => Promise<Record<string, unknown>>;

/** One tool call of a turn, start and end paired by `toolCallId`. */
export interface ToolCallRecord {
  id: string;
  name: string;
  input: Record<string, unknown>;
  /** `false` while the call has no end event. */
  isError: boolean;
  /** The tool's result; `undefined` when the call has no end event. */
  output: ToolResult | undefined;
}

/** What a golden comparison reports to the `prompt-golden` handler. */
export interface PromptGoldenOutcome {
  pass: boolean;
  /** One line: what matched, or what differs and what to do. */
  message: string;
  /** The golden file, as shown. */
  expected: string;
  /** On a difference: the per-section summary and the unified diff. */
  actual?: string;
}

/**
 * Compares a turn's system prompt (as assembled, not yet normalised) with the golden file at
 * the absolute path `file`, writing it in update mode. Injected by the runner, which owns the
 * golden mode and the unit's paths. Must not reject.
 */
export type CheckPromptGolden = (request: { file: string; systemPrompt: string }) => Promise<PromptGoldenOutcome>;

/** What every handler sees. Built once per turn by `checkExpectations`. */
export interface ExpectationContext {
  scenario: Scenario;
  turn: Turn;
  result: TurnResult;
  /** The turn's tool calls in call order, from `collectToolCalls(result.events)`. */
  toolCalls: readonly ToolCallRecord[];
  /** The unit's turn results so far, this turn's `result` last (`[result]` when not given). */
  unitTurns: readonly TurnResult[];
  /** Model id of the unit, when known (named by `cost-max` when the cost is unknown). */
  model?: string;
  importModule: ImportModule;
  /** Golden comparison for `prompt-golden`; absent outside a run (the handler then fails). */
  checkPromptGolden?: CheckPromptGolden;
}

/** Checks one expectation of type `T`. Must not throw or reject: failures are results. */
export type ExpectationHandler<T extends ExpectationType> = (
  expectation: ExpectationOf<T>,
  context: ExpectationContext,
) => ExpectationResult | Promise<ExpectationResult>;

/**
 * The tool calls of an event stream in the order their `tool_execution_start` events occur.
 * An end event is paired with the earliest open call of the same id; an end without a start
 * is ignored.
 */
export function collectToolCalls(events: readonly AgentEvent[]): ToolCallRecord[] {
  const calls: ToolCallRecord[] = [];
  const open = new Map<string, ToolCallRecord[]>();
  for (const event of events) {
    if (event.type === "tool_execution_start") {
      const call: ToolCallRecord = {
        id: event.toolCallId,
        name: event.toolName,
        input: event.args,
        isError: false,
        output: undefined,
      };
      calls.push(call);
      open.set(call.id, [...(open.get(call.id) ?? []), call]);
    } else if (event.type === "tool_execution_end") {
      const call = open.get(event.toolCallId)?.shift();
      if (call === undefined) continue;
      call.isError = event.isError;
      call.output = event.result;
    }
  }
  return calls;
}
