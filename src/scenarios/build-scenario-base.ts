import { dirname, resolve } from "node:path";
import {
  DEFAULT_CLOCK,
  DEFAULT_MAX_STEPS,
  type Scenario,
  type ScenarioFile,
  type ScriptStep,
  type ScriptStepFile,
  type SourceLocation,
  type Turn,
  type TurnFile,
} from "../domain/index.js";
import type { FieldPath, LocateField } from "./locate-yaml-node.js";
import { normaliseExpectation } from "./normalise-expectation.js";

export interface BuildScenarioBaseOptions {
  scenarioFile: ScenarioFile;
  /** Absolute path of the scenario file; relative paths in it resolve against its folder. */
  path: string;
  /** File name in locations. */
  displayPath: string;
  fileId: string;
  locate: LocateField;
}

/**
 * The scenario as the file describes it, before any case: defaults applied (clock, `UTC`,
 * `[scripted]`, repeat 1, 25 steps, no summaries), paths absolute (including `session`), turns
 * normalised (a turn keeps `summaries` only when it wrote them), id = file id. Pure;
 * reply patterns are not checked here (see `checkReplyPatterns`).
 */
export function buildScenarioBase(options: BuildScenarioBaseOptions): Scenario {
  const { scenarioFile: file, path, displayPath, locate } = options;
  const folder = dirname(path);
  const at = (fieldPath: FieldPath): SourceLocation => ({ file: displayPath, ...locate(fieldPath) });
  const scenario: Scenario = {
    id: options.fileId,
    fileId: options.fileId,
    file: path,
    name: file.name,
    tags: [...(file.tags ?? [])],
    config: { ...file.config },
    env: { ...file.env },
    clockMs: Date.parse(file.clock ?? DEFAULT_CLOCK),
    timezone: file.timezone ?? "UTC",
    models: [...(file.models ?? ["scripted"])],
    repeat: file.repeat ?? 1,
    hooks: (file.hooks ?? []).map((hook) => resolve(folder, hook)),
    bins: [...(file.bins ?? [])],
    maxSteps: file.maxSteps ?? DEFAULT_MAX_STEPS,
    summaries: (file.summaries ?? []).map(normaliseStep),
    turns: file.turns.map((turn, index) => normaliseTurn(turn, index, { folder, at })),
  };
  if (file.description !== undefined) scenario.description = file.description;
  if (file.workspace !== undefined) scenario.workspace = resolve(folder, file.workspace);
  if (file.home !== undefined) scenario.home = resolve(folder, file.home);
  if (file.faults !== undefined) scenario.faults = { ...file.faults, kinds: [...file.faults.kinds] };
  if (file.golden !== undefined) {
    const systemPrompt = file.golden.systemPrompt;
    scenario.golden =
      systemPrompt === undefined
        ? {}
        : { systemPrompt: resolve(folder, systemPrompt), location: at(["golden", "systemPrompt"]) };
  }
  if (file.timeout !== undefined) scenario.timeoutMs = file.timeout * 1000;
  if (file.contextWindow !== undefined) scenario.contextWindow = file.contextWindow;
  if (file.session !== undefined) scenario.session = resolve(folder, file.session);
  return scenario;
}

interface TurnContext {
  folder: string;
  at: (path: FieldPath) => SourceLocation;
}

function normaliseTurn(turn: TurnFile, index: number, context: TurnContext): Turn {
  const { folder, at } = context;
  const heartbeat = turn.heartbeat;
  const kind =
    turn.user !== undefined ? "user" : heartbeat !== undefined && heartbeat !== false ? "heartbeat" : "system";
  return {
    index,
    kind,
    text: kind === "user" ? (turn.user ?? "") : kind === "system" ? systemText(turn.system) : "",
    ...(typeof heartbeat === "object" ? { wakeReason: heartbeat.reason } : {}),
    ...(typeof turn.system === "object" && turn.system.reason !== undefined ? { wakeReason: turn.system.reason } : {}),
    script: (turn.script ?? []).map(normaliseStep),
    ...(turn.summaries === undefined ? {} : { summaries: turn.summaries.map(normaliseStep) }),
    approvals: (turn.approvals ?? []).map((approval) => ({ match: approval.match, decision: approval.decision })),
    expect: (turn.expect ?? []).map((entry, position) =>
      normaliseExpectation(entry, { folder, location: at(["turns", index, "expect", position]) }),
    ),
    location: at(["turns", index]),
  };
}

function systemText(system: TurnFile["system"]): string {
  return typeof system === "object" ? system.text : (system ?? "");
}

/** Also normalises summary steps, a subset of script steps (text, error without retry-after, hang). */
function normaliseStep(step: ScriptStepFile): ScriptStep {
  if ("hang" in step) return { kind: "hang" };
  if ("error" in step) {
    const { status, message, retryAfter } = step.error;
    return {
      kind: "error",
      message,
      ...(status === undefined ? {} : { status }),
      ...(retryAfter === undefined ? {} : { retryAfterMs: Math.round(retryAfter * 1000) }),
    };
  }
  if ("tools" in step || "tool" in step) {
    const calls = "tools" in step ? step.tools : [step];
    const text = step.text === undefined ? {} : { text: step.text };
    return { kind: "tool_calls", calls: calls.map((call) => ({ name: call.tool, input: { ...call.input } })), ...text };
  }
  return { kind: "text", text: step.text };
}
