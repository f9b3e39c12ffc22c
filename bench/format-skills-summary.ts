import { formatRatio } from "./format-ratio.js";
import { formatTable } from "./format-table.js";

/** Mean milliseconds of one size's tasks. */
export interface SkillsSizeResult {
  size: number;
  floorMs: number;
  coldMs: number;
  warmMs: number;
  /** The synchronous-read reference (not the floor). */
  syncMs: number;
}

/** Targets on the skills pipeline: a scan may cost at most this many times the floor. */
export const SKILLS_FLOOR_TARGETS = { cold: 3, warm: 2 } as const;

/** Whether a size's cold and warm scans stay within {@link SKILLS_FLOOR_TARGETS}. */
export function checkSkillsSize(result: SkillsSizeResult): { cold: boolean; warm: boolean } {
  return {
    cold: result.coldMs <= result.floorMs * SKILLS_FLOOR_TARGETS.cold,
    warm: result.warmMs <= result.floorMs * SKILLS_FLOOR_TARGETS.warm,
  };
}

/** The sizes × time table: one row per size, the mean times and each scan against the floor. */
export function formatSkillsSummary(results: readonly SkillsSizeResult[]): string {
  const verdict = (met: boolean) => (met ? "met" : "missed");
  return formatTable(
    results.map((result) => {
      const met = checkSkillsSize(result);
      const vsFloor = (measured: number) => formatRatio({ measured, reference: result.floorMs, than: "floor" });
      return {
        skills: String(result.size),
        "floor ms": result.floorMs.toFixed(2),
        "cold ms": result.coldMs.toFixed(2),
        "warm ms": result.warmMs.toFixed(2),
        "sync read ms": result.syncMs.toFixed(2),
        [`cold scan, target: at most ${SKILLS_FLOOR_TARGETS.cold}x slower`]: `${vsFloor(result.coldMs)} (${verdict(met.cold)})`,
        [`warm rescan, target: at most ${SKILLS_FLOOR_TARGETS.warm}x slower`]: `${vsFloor(result.warmMs)} (${verdict(met.warm)})`,
      };
    }),
  );
}
