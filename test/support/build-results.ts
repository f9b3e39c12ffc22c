import type { ExpectationResult, RunResult, TurnResult, UnitResult, UnitStatus } from "../../src/domain/index.js";
import { ZERO_USAGE } from "../../src/domain/index.js";
import { summariseUnits } from "../../src/runner/merge-results.js";

export function buildExpectationResult(overrides: Partial<ExpectationResult> = {}): ExpectationResult {
  return {
    type: "reply-contains",
    pass: true,
    message: "reply contains GraphQL",
    location: { file: "scenarios/api.yaml", line: 12, column: 9 },
    ...overrides,
  };
}

export function buildTurnResult(overrides: Partial<TurnResult> = {}): TurnResult {
  return {
    index: 0,
    kind: "user",
    input: "What did we decide?",
    reply: "We chose GraphQL.",
    delivered: "We chose GraphQL.",
    systemPrompt: "You are a personal assistant.",
    events: [],
    expectations: [buildExpectationResult()],
    usage: ZERO_USAGE,
    costUsd: 0,
    latencyMs: 0,
    ...overrides,
  };
}

export interface UnitSpec {
  scenarioId?: string;
  model?: string;
  repeat?: number;
  status?: UnitStatus;
}

/** A one-turn unit of `scenarios/<scenarioId>.yaml`; `status: "failed"` gets a failed expectation. */
export function buildUnitResult(spec: UnitSpec = {}, overrides: Partial<UnitResult> = {}): UnitResult {
  const scenarioId = spec.scenarioId ?? "api";
  const model = spec.model ?? "scripted";
  const repeat = spec.repeat ?? 0;
  const status = spec.status ?? "passed";
  const failed = buildExpectationResult({
    pass: false,
    message: "reply does not contain GraphQL",
    expected: "GraphQL",
    actual: "We chose REST.",
  });
  const turn = buildTurnResult(
    status === "failed" ? { reply: "We chose REST.", delivered: "We chose REST.", expectations: [failed] } : {},
  );
  const fileId = scenarioId.split("#")[0] ?? scenarioId;
  return {
    unitId: `${scenarioId}@${model}#r${repeat}`,
    planIndex: 0,
    scenarioId,
    fileId,
    scenarioName: `${fileId} scenario`,
    file: `scenarios/${fileId}.yaml`,
    tags: [],
    model,
    repeat,
    status,
    turns: status === "skipped" || status === "errored" ? [] : [turn],
    ...(status === "errored" ? { error: "model call failed: 500 server error" } : {}),
    ...(status === "skipped" ? { error: "skipped by --bail" } : {}),
    durationMs: 1200,
    usage: ZERO_USAGE,
    costUsd: 0,
    ...overrides,
  };
}

/** A completed run over `units` with a summary from `summariseUnits`. */
export function buildRunResult(units: UnitResult[], overrides: Partial<RunResult> = {}): RunResult {
  return {
    schemaVersion: 1,
    tool: { name: "claw-eval", version: "0.1.0" },
    runId: "run-1",
    startedAt: "2026-03-11T09:00:00.000Z",
    finishedAt: "2026-03-11T09:00:05.000Z",
    status: "completed",
    options: { paths: ["scenarios"], models: ["scripted"], concurrency: 4, bail: false },
    summary: summariseUnits(units),
    units,
    diagnostics: [],
    obsoleteGolden: [],
    ...overrides,
  };
}
