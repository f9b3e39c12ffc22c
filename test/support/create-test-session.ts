import {
  type AgentSession,
  type AgentSessionOptions,
  createAgentSession,
} from "../../src/agent/create-agent-session.js";
import type { AgentEvent, Tool } from "../../src/domain/index.js";
import { createScriptedModel, type ScriptedModel } from "../../src/models/scripted-model.js";
import { createTestRuntime, type TestRuntime } from "../../src/platform/create-test-runtime.js";
import { createBuiltinTools } from "../../src/tools/create-builtin-tools.js";

export interface TestSessionOptions extends Partial<Omit<AgentSessionOptions, "runtime" | "emit" | "workspaceDir">> {
  /** Workspace files. */
  files?: Record<string, string>;
  /** The clock, ms since the epoch: fixed or a function (default: the test runtime's). */
  now?: number | (() => number);
  /** Default: every built-in tool. */
  tools?: readonly Tool[];
}

export interface TestSession {
  session: AgentSession;
  /** The scripted model (when `model` is not given, the one the session calls). */
  model: ScriptedModel;
  runtime: TestRuntime;
  /** Every event the session emitted, in order. */
  events: AgentEvent[];
}

/** An agent session over a temp workspace with the scripted model, recording its events. */
export function createTestSession(options: TestSessionOptions = {}): TestSession {
  const { files = {}, now, ...overrides } = options;
  const base = createTestRuntime({ files, timezone: "UTC" });
  const runtime = now === undefined ? base : { ...base, now: typeof now === "number" ? () => now : now };
  const model = createScriptedModel();
  const events: AgentEvent[] = [];
  const session = createAgentSession({
    model,
    tools: Object.values(createBuiltinTools()),
    config: {},
    scenarioId: "session",
    unitId: "session@scripted~1",
    repeat: 0,
    maxSteps: 10,
    ...overrides,
    runtime,
    workspaceDir: base.root,
    emit: (event) => events.push(event),
  });
  return { session, model, runtime, events };
}
