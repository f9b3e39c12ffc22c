import { relative } from "node:path";
import pLimit from "p-limit";
import type { Diagnostic, Host, RunProgress, RunResult, RunStatus, UnitResult } from "../domain/index.js";
import { errorMessage, TOOL_VERSION, ZERO_USAGE } from "../domain/index.js";
import { createGoldenChecker, type GoldenPolicy } from "../golden/index.js";
import type { ModelWiring } from "./create-unit-model.js";
import { emptyRunSummary, tallyUnit } from "./merge-results.js";
import type { WorkUnit } from "./plan-units.js";
import { createStringPool } from "./replace-unit-paths.js";
import { runUnit } from "./run-unit.js";
import { abortStatus, UnitAbort } from "./unit-abort.js";
import { unitIdentity } from "./unit-identity.js";

export { TOOL_VERSION } from "../domain/tool-version.js";

/**
 * The units to run. With `releaseFinishedUnits`, the run empties each entry of `units` once its
 * unit has finished, so the scenario it holds can be freed during a long run: pass an array
 * nothing else reads afterwards.
 */
export type SuiteUnits =
  | { units: readonly WorkUnit[]; releaseFinishedUnits?: false }
  | { units: (WorkUnit | undefined)[]; releaseFinishedUnits: true };

export type SuiteOptions = SuiteUnits & SuiteSettings;

export interface SuiteSettings {
  host: Host;
  runId: string;
  /** Parallel units (default: the host's core count). */
  concurrency?: number;
  /** Per-unit timeout in ms. */
  timeoutMs?: number;
  /** Stop starting units after the first failure. */
  bail?: boolean;
  /** Aborting it interrupts the run: running units are marked interrupted, the rest skipped. */
  signal?: AbortSignal;
  importModule: (path: string) => Promise<Record<string, unknown>>;
  /** Recorded in results.json. */
  record: RunResult["options"];
  diagnostics?: Diagnostic[];
  onUnitStart?: (unit: WorkUnit) => void;
  /** Called once per unit in the units' order (a unit is reported once every earlier one finished). */
  onUnitEnd?: (result: UnitResult, progress: RunProgress) => void;
  /**
   * Called once per unit, skipped ones included, in the units' order, after `onUnitEnd`: what
   * it returns is what the run keeps of the unit (a run that spools whole units to disk keeps
   * less). Default: the whole unit.
   */
  retain?: (result: UnitResult) => UnitResult;
  /** How model ids become models (API keys, faults, provider limits). */
  models?: ModelWiring;
  /** Grace in ms after an abort before a unit that ignores it is given up (default 2000). */
  abortGraceMs?: number;
  /** Golden files: compared only (default), or written when missing or different (never with `ci`). */
  golden?: GoldenPolicy;
  /** Golden files no scenario uses, recorded as `obsoleteGolden` (default none). */
  obsoleteGolden?: readonly string[];
}

function placeholder(unit: WorkUnit, displayFile: string, status: UnitResult["status"], error: string): UnitResult {
  return {
    ...unitIdentity(unit, displayFile),
    status,
    turns: [],
    error,
    durationMs: 0,
    usage: ZERO_USAGE,
    costUsd: null,
  };
}

/**
 * Runs work units with bounded concurrency, per-unit timeouts, bail and interrupts, and
 * returns the run's results in the units' order whatever the concurrency. Every unit gets a
 * result, so an interrupted or failing run still reports everything it finished.
 */
export async function runSuite(options: SuiteOptions): Promise<RunResult> {
  const { host, units } = options;
  const startedAt = host.now();
  const started = host.monotonic();
  const results: (UnitResult | undefined)[] = new Array(units.length).fill(undefined);
  const progress: RunProgress = { done: 0, total: units.length, passed: 0, failed: 0, errored: 0 };
  let bailed = false;
  let nextToReport = 0;
  // Tallied from whole units, before `retain` may keep less of them.
  let summary = emptyRunSummary();
  const reportInOrder = (): void => {
    for (let result = results[nextToReport]; result !== undefined; result = results[nextToReport]) {
      summary = tallyUnit(summary, result);
      if (result.status !== "skipped") {
        progress.done += 1;
        if (result.status === "passed") progress.passed += 1;
        else if (result.status === "errored") progress.errored += 1;
        else progress.failed += 1;
        options.onUnitEnd?.(result, { ...progress });
      }
      if (options.retain) results[nextToReport] = options.retain(result);
      nextToReport += 1;
    }
  };
  let crashed = false;
  const stringPool = createStringPool();
  // Units hand over the removal of their temp folders, so the next unit starts while the disk
  // works; every removal is awaited before the run ends, and a failed one makes it crash. A
  // pending removal keeps its unit's objects alive, so past a few a unit waits for one to end.
  const pending = new Set<Promise<void>>();
  const removalFailures: string[] = [];
  const deferRemoval = async (removal: Promise<void>): Promise<void> => {
    const settled: Promise<void> = removal
      .catch((error: unknown) => void removalFailures.push(errorMessage(error)))
      .finally(() => pending.delete(settled));
    pending.add(settled);
    while (pending.size > MAX_PENDING_REMOVALS) await Promise.race(pending);
  };
  // The units' folders go in one folder of the run, so the system temp folder gets one entry per
  // run instead of three per unit, and whatever a unit left behind goes with the run's folder.
  const tempRoot = await host.fs.makeTempDirectory("claw-eval-run-");
  const limit = pLimit(Math.max(1, options.concurrency ?? host.cpuCount));
  const grace = options.abortGraceMs ?? 2000;
  const displayFile = (file: string) => relative(host.cwd, file) || file;
  const golden = createGoldenChecker({
    fs: host.fs,
    cwd: host.cwd,
    policy: options.golden ?? { mode: "check", ci: false },
  });

  const runOne = async (unit: WorkUnit, index: number): Promise<void> => {
    const shown = displayFile(unit.scenario.file);
    if (options.signal?.aborted || bailed) {
      const why = bailed ? "--bail stopped the run after a failure" : "the run was interrupted";
      results[index] = placeholder(unit, shown, "skipped", `not run: ${why}`);
      reportInOrder();
      return;
    }
    options.onUnitStart?.(unit);
    const controller = new AbortController();
    const timeoutMs = unit.scenario.timeoutMs ?? options.timeoutMs;
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(
            () => controller.abort(new UnitAbort("timeout", `timed out after ${timeoutMs / 1000} s`)),
            timeoutMs,
          );
    const onInterrupt = () => controller.abort(new UnitAbort("interrupt", "interrupted"));
    options.signal?.addEventListener("abort", onInterrupt, { once: true });
    let giveUp: ReturnType<typeof setTimeout> | undefined;
    const abandoned = new Promise<UnitResult>((resolve) => {
      controller.signal.addEventListener("abort", () => {
        giveUp = setTimeout(() => {
          const { status, error } = abortStatus(controller.signal.reason);
          resolve(placeholder(unit, shown, status, `${error} (the unit did not stop within ${grace} ms)`));
        }, grace);
      });
    });
    let result: UnitResult;
    try {
      result = await Promise.race([
        runUnit({
          unit,
          host,
          signal: controller.signal,
          importModule: options.importModule,
          displayFile: shown,
          stringPool,
          golden,
          deferRemoval,
          tempRoot,
          ...(options.models ? { models: options.models } : {}),
        }),
        abandoned,
      ]);
    } catch (error) {
      crashed = true;
      result = placeholder(unit, shown, "errored", `internal error: ${errorMessage(error)}`);
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      if (giveUp !== undefined) clearTimeout(giveUp);
      options.signal?.removeEventListener("abort", onInterrupt);
    }
    results[index] = result;
    if (options.releaseFinishedUnits) options.units[index] = undefined;
    if (options.bail && (result.status === "failed" || result.status === "errored")) bailed = true;
    reportInOrder();
  };

  // Every entry is still there: a unit's entry is emptied only once it has finished.
  await Promise.all(units.map((unit, index) => limit(() => runOne(unit!, index))));
  await Promise.all(pending);
  await host.fs.remove(tempRoot).catch((error: unknown) => void removalFailures.push(errorMessage(error)));
  if (removalFailures.length > 0) crashed = true;
  results.forEach((result, index) => {
    if (result === undefined) {
      results[index] = placeholder(units[index]!, displayFile(units[index]!.scenario.file), "skipped", "not run");
    }
  });
  reportInOrder();
  const finished = results as UnitResult[];
  const status: RunStatus = crashed ? "crashed" : options.signal?.aborted ? "interrupted" : "completed";
  summary = { ...summary, durationMs: Math.round(host.monotonic() - started) };
  return {
    schemaVersion: 1,
    tool: { name: "claw-eval", version: TOOL_VERSION },
    runId: options.runId,
    startedAt: new Date(startedAt).toISOString(),
    finishedAt: new Date(host.now()).toISOString(),
    status,
    options: options.record,
    summary,
    units: finished,
    diagnostics: [...(options.diagnostics ?? []), ...removalFailures.map(removalDiagnostic)],
    obsoleteGolden: [...(options.obsoleteGolden ?? [])],
  };
}

/** Temp folder removals a run lets go on in the background before a finished unit waits for one. */
const MAX_PENDING_REMOVALS = 16;

/** A temp folder that could not be removed, as a run diagnostic (the run crashes). */
function removalDiagnostic(message: string): Diagnostic {
  return {
    file: "(unit temp folders)",
    line: 0,
    column: 0,
    path: "",
    expected: "the unit's temp folders removed after it ran",
    found: message,
    suggestion: "check the permissions and free space of the system temp folder",
    severity: "error",
  };
}
