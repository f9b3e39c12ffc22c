import picocolors from "picocolors";
import type { UnitStatus } from "../domain/index.js";
import { type ConsoleReporter, type ConsoleReporterOptions, statusPainters } from "./console-reporter.js";
import { formatConsoleSummary } from "./format-console-summary.js";
import { formatRegressions } from "./format-regressions.js";

/** One character per finished unit. */
export const DOT_MARKS: Record<UnitStatus, string> = {
  passed: ".",
  failed: "F",
  errored: "E",
  interrupted: "S",
  skipped: "S",
};

/** Marks per line before the dot reporter starts a new one. */
export const DOT_LINE_WIDTH = 80;

/**
 * The `dot` reporter: one mark per finished unit ({@link DOT_MARKS}), a new line every
 * {@link DOT_LINE_WIDTH} marks, then the same end-of-run summary (and regressions) as the console reporter.
 * Writes only characters and newlines (no `\r`), so it reads the same on a terminal and in a log.
 */
export function createDotReporter(options: Pick<ConsoleReporterOptions, "write" | "color">): ConsoleReporter {
  const colors = picocolors.createColors(options.color);
  const paint = statusPainters(colors);
  let column = 0;
  return {
    onRunStart() {
      column = 0;
    },
    onUnitEnd(unit) {
      if (column === DOT_LINE_WIDTH) {
        options.write("\n");
        column = 0;
      }
      options.write(paint[unit.status](DOT_MARKS[unit.status]));
      column += 1;
    },
    onRunEnd(result) {
      if (column > 0) options.write("\n");
      column = 0;
      options.write(formatConsoleSummary(result, colors));
      options.write(formatRegressions(result, colors));
    },
  };
}
