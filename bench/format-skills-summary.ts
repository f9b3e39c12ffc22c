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

/** One row per size: the means and the cold and warm ratios to the floor, with their targets. */
export function formatSkillsSummary(results: readonly SkillsSizeResult[]): string {
  return formatTable(
    results.map((result) => ({
      skills: String(result.size),
      "floor ms": result.floorMs.toFixed(2),
      "cold ms": result.coldMs.toFixed(2),
      "warm ms": result.warmMs.toFixed(2),
      "cold/floor (≤ 3x)": `${(result.coldMs / result.floorMs).toFixed(2)}x`,
      "warm/floor (≤ 2x)": `${(result.warmMs / result.floorMs).toFixed(2)}x`,
      "sync read ms": result.syncMs.toFixed(2),
    })),
  );
}
