import { type AgentSession, createAgentSession } from "../agent/create-agent-session.js";
import { createHookRegistry } from "../agent/create-hook-registry.js";
import type {
  AgentEvent,
  Host,
  Model,
  Scenario,
  SessionTranscriptRecord,
  TurnResult,
  UnitMemoryMeasures,
  UnitResult,
  UnitStatus,
  Usage,
} from "../domain/index.js";
import { addUsage, errorMessage, ZERO_USAGE } from "../domain/index.js";
import { checkExpectations } from "../expectations/check-expectations.js";
import { createGoldenChecker, type GoldenChecker } from "../golden/index.js";
import { displayPathFor } from "../scenarios/load-scenarios.js";
import { deriveComplianceCategory } from "../scenarios/normalise-scenario.js";
import { createBuiltinTools } from "../tools/create-builtin-tools.js";
import { buildUnitMemoryMeasures, citesMemory } from "./build-unit-memory-measures.js";
import { createUnitGolden, type UnitGolden } from "./create-unit-golden.js";
import { createUnitModel, type ModelWiring, type UnitModel } from "./create-unit-model.js";
import { loadHookModules } from "./load-hook-modules.js";
import { loadSessionPreload } from "./load-session-preload.js";
import type { WorkUnit } from "./plan-units.js";
import { prepareUnitEnvironment } from "./prepare-unit-environment.js";
import { replaceUnitPaths, type StringPool } from "./replace-unit-paths.js";
import { abortStatus } from "./unit-abort.js";
import { unitIdentity } from "./unit-identity.js";
import { withHeldTime } from "./with-held-time.js";

export interface RunUnitOptions {
  unit: WorkUnit;
  host: Host;
  /** Aborts the unit; its `reason` is a {@link UnitAbort}. */
  signal: AbortSignal;
  importModule: (path: string) => Promise<Record<string, unknown>>;
  /** How model ids become models (keys, faults, provider limits); default: scripted only, no env. */
  models?: ModelWiring;
  /** Shared by a run's units so identical recorded prompts are kept once in memory. */
  stringPool?: StringPool;
  /** Path of the scenario file as shown in reports (relative to the working directory). */
  displayFile: string;
  /** The run's golden checks (default: a `check`-mode checker over `host.fs`). */
  golden?: GoldenChecker;
}

function unitStatus(turns: readonly TurnResult[]): UnitStatus {
  if (turns.some((turn) => turn.error !== undefined)) return "errored";
  if (turns.some((turn) => turn.expectations.some((expectation) => !expectation.pass))) return "failed";
  return "passed";
}

function sumCost(turns: readonly TurnResult[]): number | null {
  let total = 0;
  for (const turn of turns) {
    if (turn.costUsd === null) return null;
    total += turn.costUsd;
  }
  return total;
}

/**
 * Runs one work unit (scenario case, model, repeat): prepares its world, plays every turn
 * through a fresh agent session, checks the expectations, and at the end measures the unit's
 * memory use ({@link buildUnitMemoryMeasures}; not for an aborted unit). Never throws: an
 * internal failure becomes an `errored` unit, an abort an `interrupted` one, keeping the turns
 * finished so far.
 */
export async function runUnit(options: RunUnitOptions): Promise<UnitResult> {
  const { unit, host, signal } = options;
  const scenario: Scenario = unit.scenario;
  const started = host.monotonic();
  const turns: TurnResult[] = [];
  let failure: { status: UnitStatus; error: string } | undefined;
  let environment: Awaited<ReturnType<typeof prepareUnitEnvironment>> | undefined;
  let golden: UnitGolden | undefined;
  const unitModels: UnitModel[] = [];
  let agentSession: AgentSession | undefined;
  let sessions: SessionTranscriptRecord[] | undefined;
  let memory: UnitMemoryMeasures | undefined;
  try {
    environment = await prepareUnitEnvironment({ scenario, unitId: unit.unitId, host });
    const modelPaths: [string, string][] = [
      [environment.workspaceDir, "<workspace>"],
      [environment.homeDir, "~"],
    ];
    const runtime = environment.runtime;
    // Live calls stop the unit's simulated time while they wait on the network.
    const unitModel = (created: UnitModel): Model =>
      created.live ? withHeldTime(created.model, runtime.holdTime) : created.model;
    const created = createUnitModel(unit, options.models ?? { env: {} }, modelPaths);
    if (!created.ok) throw new Error(created.error);
    unitModels.push(created.unit);
    const overrides = new Map<string, Model | undefined>();
    // Hook overrides, sub-agent and summariser models are wired like the unit's own (faults, cassettes, retries).
    const resolveModel = (id: string): Model | undefined => {
      if (!overrides.has(id)) {
        const override = createUnitModel({ ...unit, model: id }, options.models ?? { env: {} }, modelPaths);
        if (override.ok) unitModels.push(override.unit);
        overrides.set(id, override.ok ? unitModel(override.unit) : undefined);
      }
      return overrides.get(id);
    };
    const hooks = createHookRegistry();
    await loadHookModules({
      paths: scenario.hooks,
      importModule: options.importModule,
      registry: hooks,
      displayPath: (path) => displayPathFor(host.cwd, path),
    });
    golden = createUnitGolden({
      checker:
        options.golden ?? createGoldenChecker({ fs: host.fs, cwd: host.cwd, policy: { mode: "check", ci: false } }),
      scenario,
      unitId: unit.unitId,
      paths: [...environment.placeholders, [host.cwd, "<cwd>"]],
    });
    let events: AgentEvent[] = [];
    const preload =
      scenario.session === undefined
        ? undefined
        : await loadSessionPreload({
            host,
            runtime: environment.runtime,
            file: scenario.session,
            displayPath: displayPathFor(host.cwd, scenario.session),
          });
    const session = createAgentSession({
      runtime: environment.runtime,
      model: unitModel(created.unit),
      tools: Object.values(createBuiltinTools()),
      workspaceDir: environment.workspaceDir,
      config: scenario.config,
      scenarioId: scenario.id,
      unitId: unit.unitId,
      repeat: unit.repeat,
      maxSteps: scenario.maxSteps,
      emit: (event) => events.push(event),
      monotonic: host.monotonic,
      hooks,
      resolveModel,
      summaries: scenario.summaries,
      ...(scenario.contextWindow === undefined ? {} : { contextWindow: scenario.contextWindow }),
      ...(preload === undefined ? {} : { preload }),
    });
    agentSession = session;
    for (const turn of scenario.turns) {
      if (signal.aborted) break;
      events = [];
      const category = deriveComplianceCategory(turn);
      const outcome = await session.runTurn({ turn, signal, ...(category ? { category } : {}) });
      const result: TurnResult = {
        index: turn.index,
        kind: turn.kind,
        input: outcome.input,
        ...(category ? { category } : {}),
        reply: outcome.reply,
        delivered: outcome.delivered,
        systemPrompt: outcome.systemPrompt,
        events,
        expectations: [],
        usage: outcome.usage,
        costUsd: outcome.costUsd,
        latencyMs: outcome.latencyMs,
        ...(outcome.error === undefined || outcome.stopReason === "aborted" ? {} : { error: outcome.error }),
      };
      turns.push(result);
      const stable = (): void => {
        turns[turns.length - 1] = replaceUnitPaths(result, environment?.placeholders ?? [], options.stringPool);
      };
      if (outcome.stopReason === "aborted" || signal.aborted) {
        stable();
        break;
      }
      result.expectations = await checkExpectations({
        scenario,
        turn,
        result,
        importModule: options.importModule,
        checkPromptGolden: golden.checkPromptGolden(turn),
      });
      const systemPromptCheck = await golden.checkSystemPrompt(turn, result.systemPrompt);
      if (systemPromptCheck !== undefined) result.expectations.push(systemPromptCheck);
      stable();
      if (result.error !== undefined) break;
    }
    if (signal.aborted) failure = abortStatus(signal.reason);
    else {
      const audit = await session.auditMemory({ open: citesMemory(turns) });
      const measures = buildUnitMemoryMeasures({ turns, audit });
      if (measures !== undefined) memory = replaceUnitPaths(measures, environment.placeholders, options.stringPool);
    }
    // session_end belongs to no turn; its notices are not recorded.
    events = [];
    await session.end();
  } catch (error) {
    failure = { status: "errored", error: errorMessage(error) };
  } finally {
    try {
      for (const unitModel of unitModels) await unitModel.finish();
    } catch (error) {
      failure ??= { status: "errored", error: `could not write the cassette: ${errorMessage(error)}` };
    }
    const recorded = agentSession?.transcripts() ?? [];
    if (recorded.length > 0) {
      sessions = replaceUnitPaths(recorded, environment?.placeholders ?? [], options.stringPool);
    }
    if (environment !== undefined) await environment.dispose();
  }
  const usage: Usage = turns.reduce((sum, turn) => addUsage(sum, turn.usage), ZERO_USAGE);
  const status = failure?.status ?? unitStatus(turns);
  const firstTurnError = turns.find((turn) => turn.error !== undefined)?.error;
  const error = failure?.error ?? (status === "errored" ? firstTurnError : undefined);
  return {
    ...unitIdentity(unit, options.displayFile),
    status,
    turns,
    ...(error === undefined ? {} : { error }),
    durationMs: Math.round(host.monotonic() - started),
    usage,
    costUsd: sumCost(turns),
    ...(golden === undefined || golden.records.length === 0 ? {} : { golden: golden.records }),
    ...(sessions === undefined ? {} : { sessions }),
    ...(memory === undefined ? {} : { memory }),
  };
}
