import type { AgentSession } from "../agent/create-agent-session.js";
import type { AgentEvent, Host, TurnResult, UnitMemoryMeasures, UnitResult } from "../domain/index.js";
import { errorMessage } from "../domain/index.js";
import { createGoldenChecker, type GoldenChecker } from "../golden/index.js";
import { materialiseScenario } from "../scenarios/lazy-case-turns.js";
import { buildUnitMemoryMeasures, citesMemory } from "./build-unit-memory-measures.js";
import { buildUnitResult, type UnitFailure } from "./build-unit-result.js";
import { createUnitGolden, type UnitGolden } from "./create-unit-golden.js";
import type { ModelWiring } from "./create-unit-model.js";
import { createUnitModels, type UnitModels } from "./create-unit-models.js";
import { createUnitSession } from "./create-unit-session.js";
import { type FinishedUnit, finishUnit } from "./finish-unit.js";
import type { WorkUnit } from "./plan-units.js";
import { playUnitTimeline } from "./play-unit-timeline.js";
import { playUnitTurn } from "./play-unit-turn.js";
import { prepareUnitEnvironment, type UnitEnvironment } from "./prepare-unit-environment.js";
import { replaceUnitPaths, type StringPool } from "./replace-unit-paths.js";
import { abortStatus } from "./unit-abort.js";

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
  /** Takes the removal of the unit's temp folders rather than awaiting it (see `finishUnit`). */
  deferRemoval?: (removal: Promise<void>) => Promise<void>;
  /** The run's temp folder, where the unit's folders go (default: the system temp folder). */
  tempRoot?: string;
}

/**
 * Runs one work unit (scenario case, model, repeat): prepares its world, plays every turn
 * through a fresh agent session, checks the expectations, and at the end measures the unit's
 * memory use ({@link buildUnitMemoryMeasures}; not for an aborted unit). Never throws: an
 * internal failure becomes an `errored` unit, an abort an `interrupted` one, keeping the turns
 * finished so far. However the unit ends, its session ends once ({@link finishUnit}).
 */
export async function runUnit(options: RunUnitOptions): Promise<UnitResult> {
  const { host, signal } = options;
  // One build of a data-driven case's turns serves the whole unit and is garbage after it.
  const scenario = materialiseScenario(options.unit.scenario);
  const unit: WorkUnit = scenario === options.unit.scenario ? options.unit : { ...options.unit, scenario };
  const started = host.monotonic();
  const turns: TurnResult[] = [];
  let failure: UnitFailure | undefined;
  let environment: UnitEnvironment | undefined;
  let models: UnitModels | undefined;
  let golden: UnitGolden | undefined;
  let session: AgentSession | undefined;
  let memory: UnitMemoryMeasures | undefined;
  let finished: FinishedUnit;
  try {
    environment = await prepareUnitEnvironment({ scenario, unitId: unit.unitId, host, tempRoot: options.tempRoot });
    models = createUnitModels({ unit, wiring: options.models ?? { env: {} }, environment });
    golden = createUnitGolden({
      checker:
        options.golden ?? createGoldenChecker({ fs: host.fs, cwd: host.cwd, policy: { mode: "check", ci: false } }),
      scenario,
      unitId: unit.unitId,
      paths: [...environment.placeholders, [host.cwd, "<cwd>"]],
    });
    // Each turn's events reach its result through the session (the runs that carried its message).
    const emit = (_event: AgentEvent): void => {};
    session = await createUnitSession({
      unit,
      host,
      environment,
      models,
      importModule: options.importModule,
      emit,
      signal,
    });
    const unitSession = session;
    const unitGolden = golden;
    const unitEnvironment = environment;
    await playUnitTimeline({
      unit,
      session: unitSession,
      runtime: environment.runtime,
      signal,
      onSettled: (turn, outcome) =>
        playUnitTurn({
          unit,
          turn,
          outcome,
          signal,
          turns,
          golden: unitGolden,
          importModule: options.importModule,
          placeholders: unitEnvironment.placeholders,
          stringPool: options.stringPool,
        }),
    });
    if (signal.aborted) failure = abortStatus(signal.reason);
    else {
      const audit = await session.auditMemory({ open: citesMemory(turns) });
      const measures = buildUnitMemoryMeasures({ turns, audit });
      if (measures !== undefined) memory = replaceUnitPaths(measures, environment.placeholders, options.stringPool);
    }
  } catch (error) {
    // A hook that stopped being waited for rejects with an abort: the unit timed out or was interrupted.
    failure = signal.aborted ? abortStatus(signal.reason) : { status: "errored", error: errorMessage(error) };
  } finally {
    // session_end belongs to no turn; its notices are not recorded.
    finished = await finishUnit({
      session,
      models,
      environment,
      failure,
      stringPool: options.stringPool,
      deferRemoval: options.deferRemoval,
    });
  }
  // Turns settle in the order their work ends; results list them in scenario order.
  turns.sort((a, b) => a.index - b.index);
  return buildUnitResult({
    unit,
    displayFile: options.displayFile,
    turns,
    failure: finished.failure,
    durationMs: host.monotonic() - started,
    golden: golden?.records ?? [],
    sessions: finished.sessions,
    memory,
  });
}
