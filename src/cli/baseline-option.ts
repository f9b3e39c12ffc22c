import { join, resolve } from "node:path";
import { ClawEvalError, errorMessage, type RunResult } from "../domain/index.js";
import type { RunSnapshot } from "../runner/build-run-snapshot.js";
import { buildRunSnapshot } from "../runner/build-run-snapshot.js";
import { compareWithBaseline, hasRegressions } from "../runner/compare-with-baseline.js";
import { openHistoryStore } from "../runner/history-store.js";
import { type CommandContext, EXIT, UsageError } from "./command-context.js";

/** The options `run` and `compare` share for comparing with an earlier run. */
export interface BaselineFlags {
  /** A run id of `<out>/history.sqlite`, or `latest` (the most recent recorded run). */
  baseline?: string;
  /** The exit code then reflects regressions only. */
  failOnRegression?: boolean;
}

/** Where the history database of `--out` lives. */
export function historyPathOf(outDir: string): string {
  return join(outDir, "history.sqlite");
}

/**
 * Reads the `--baseline` run from `<out>/history.sqlite` before anything runs. An unknown run
 * id, a missing database for an explicit id, or an unreadable database is a usage error (exit
 * 2) that says how to list the ids; `latest` with no recorded run warns and compares with
 * nothing. `undefined` without `--baseline`.
 */
export async function loadBaselineOption(options: {
  flags: BaselineFlags;
  /** `--out` as given (default `reports`), for messages. */
  out: string;
  context: CommandContext;
}): Promise<RunSnapshot | undefined> {
  const { flags, out, context } = options;
  const wanted = flags.baseline?.trim();
  if (wanted === undefined) {
    if (flags.failOnRegression) {
      throw new UsageError("--fail-on-regression needs --baseline <run-id|latest> to find regressions against");
    }
    return undefined;
  }
  if (wanted === "") throw new UsageError("--baseline: expected a run id or latest, found an empty value");
  const path = historyPathOf(resolve(context.host.cwd, out));
  const listHint = `\`claw-eval history${out === "reports" ? "" : ` --out ${out}`}\` lists the recorded run ids`;
  if ((await context.host.fs.lstat(path)) === undefined) {
    if (wanted === "latest") {
      context.host.stderr(`warning: --baseline latest: no run is recorded in ${path} yet; nothing to compare with\n`);
      return undefined;
    }
    throw new UsageError(`--baseline: no history database at ${path}, so no run "${wanted}"; ${listHint}`);
  }
  let store: ReturnType<typeof openHistoryStore>;
  try {
    store = openHistoryStore(path);
  } catch (error) {
    const message = error instanceof ClawEvalError ? error.message : `${path}: ${errorMessage(error)}`;
    throw new UsageError(`--baseline: cannot read the history database: ${message}`);
  }
  try {
    const runId = wanted === "latest" ? store.latestRun()?.runId : wanted;
    if (runId === undefined) {
      context.host.stderr(`warning: --baseline latest: no run is recorded in ${path} yet; nothing to compare with\n`);
      return undefined;
    }
    const snapshot = store.loadSnapshot(runId);
    if (snapshot === undefined) throw new UsageError(`--baseline: no run "${runId}" in ${path}; ${listHint}`);
    return snapshot;
  } finally {
    store.close();
  }
}

/** `result` with `regressions` against `baseline` (pure); unchanged without a baseline. */
export function applyBaseline(result: RunResult, baseline: RunSnapshot | undefined): RunResult {
  if (baseline === undefined) return result;
  return { ...result, regressions: compareWithBaseline({ current: buildRunSnapshot(result), baseline }) };
}

/**
 * The exit code of a run compared with a baseline. With `--fail-on-regression` it depends on
 * regressions only: 1 when there is one, else 0, whatever the units did; a run that could not
 * complete still exits 3. Without the flag, the run's own code.
 */
export function exitCodeWithBaseline(options: { code: number; result: RunResult; failOnRegression: boolean }): number {
  const { code, result, failOnRegression } = options;
  if (!failOnRegression || code === EXIT.incomplete) return code;
  return hasRegressions(result.regressions) ? EXIT.failed : EXIT.ok;
}
