import { join } from "node:path";
import type { FileSystem, UnitStatus } from "../domain/index.js";
import { errorMessage, isRecord } from "../domain/index.js";

/** Largest `results.json` read for `--last-failed`, bytes (256 MiB). */
export const MAX_LAST_RESULTS_BYTES = 256 * 1024 * 1024;

/** The statuses `--last-failed` runs again. */
export const RERUN_STATUSES: readonly UnitStatus[] = ["failed", "errored", "interrupted"];

/** Run folders are named `YYYYMMDD-HHMMSS-mmm`, with `-2`, `-3`, ... when one already existed. */
const RUN_FOLDER = /^(\d{8}-\d{6}-\d{3})(?:-(\d+))?$/;

export type LastFailed =
  | { kind: "none" }
  | { kind: "unreadable"; file: string; problem: string }
  | { kind: "found"; runId: string; unitIds: ReadonlySet<string> };

/** Newest first: by time, then by the suffix a run made in the same millisecond got. */
function compareRunFolders(a: RegExpExecArray, b: RegExpExecArray): number {
  if (a[1] !== b[1]) return (a[1] ?? "") < (b[1] ?? "") ? 1 : -1;
  return Number(b[2] ?? 1) - Number(a[2] ?? 1);
}

/**
 * The unit ids that failed, errored or were interrupted in the newest run folder of `outDir`
 * that holds a `results.json`; `none` when there is no such run.
 */
export async function loadLastFailed(options: { fs: FileSystem; outDir: string }): Promise<LastFailed> {
  const { fs, outDir } = options;
  if ((await fs.stat(outDir))?.kind !== "directory") return { kind: "none" };
  const runs = (await fs.readDirectory(outDir))
    .filter((entry) => entry.kind === "directory")
    .map((entry) => RUN_FOLDER.exec(entry.name))
    .filter((match) => match !== null)
    .sort(compareRunFolders);
  for (const run of runs) {
    const file = join(outDir, run[0], "results.json");
    const stat = await fs.stat(file);
    if (stat?.kind !== "file") continue;
    if (stat.size > MAX_LAST_RESULTS_BYTES) {
      return { kind: "unreadable", file, problem: `larger than ${MAX_LAST_RESULTS_BYTES} bytes` };
    }
    let data: unknown;
    try {
      data = JSON.parse(await fs.readText(file));
    } catch (error) {
      return { kind: "unreadable", file, problem: errorMessage(error) };
    }
    const units = isRecord(data) && Array.isArray(data.units) ? data.units : undefined;
    if (units === undefined) return { kind: "unreadable", file, problem: "it has no units list" };
    const unitIds = new Set<string>();
    for (const unit of units) {
      if (!isRecord(unit) || typeof unit.unitId !== "string") continue;
      if ((RERUN_STATUSES as readonly unknown[]).includes(unit.status)) unitIds.add(unit.unitId);
    }
    return { kind: "found", runId: run[0], unitIds };
  }
  return { kind: "none" };
}
