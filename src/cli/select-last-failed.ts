import type { WorkUnit } from "../runner/plan-units.js";
import type { LastFailed } from "./load-last-failed.js";

/**
 * The units `--last-failed` runs: those of the plan that failed, errored or were interrupted in
 * the last run, or every unit when there is no last run, it had none, or none of them is in
 * this plan. `note` says which, for stderr. Pure.
 */
export function selectLastFailed(options: { units: readonly WorkUnit[]; last: LastFailed; out: string }): {
  units: WorkUnit[];
  note: string;
} {
  const { units, last, out } = options;
  const everything = (why: string) => ({ units: [...units], note: `--last-failed: ${why}: running every unit\n` });
  if (last.kind === "none") return everything(`no earlier run with a results.json in ${out}`);
  if (last.kind === "unreadable") return everything(`could not read ${last.file} (${last.problem})`);
  if (last.unitIds.size === 0) return everything(`no unit failed in the last run (${last.runId})`);
  const selected = units.filter((unit) => last.unitIds.has(unit.unitId));
  if (selected.length === 0) {
    return everything(
      `none of the ${last.unitIds.size} unit(s) that failed in run ${last.runId} is in this plan (other paths, models or filters)`,
    );
  }
  return {
    units: selected,
    note: `--last-failed: running the ${selected.length} unit(s) that failed in run ${last.runId}\n`,
  };
}
