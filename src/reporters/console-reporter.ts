import picocolors from "picocolors";
import type { RunProgress, RunResult, UnitResult, UnitStatus } from "../domain/index.js";
import { formatConsoleSummary } from "./format-console-summary.js";
import { formatRegressions } from "./format-regressions.js";
import { formatDuration } from "./format-values.js";

export interface ConsoleReporterOptions {
  /** Receives every piece of output, unbuffered. Must not throw. */
  write: (text: string) => void;
  /** A terminal: one live progress line redrawn with `\r`. Otherwise one line per unit (CI logs). */
  interactive: boolean;
  /** Colours through picocolors; plain text when false. */
  color: boolean;
  /** Interactive mode also prints a line for every passed unit (default: only failures). */
  verbose?: boolean;
  /** The command the run belongs to, as the first line names it (default `run`). */
  command?: string;
}

/** Called by the runner: `onRunStart` once, `onUnitEnd` once per finished unit, `onRunEnd` once. */
export interface ConsoleReporter {
  onRunStart(info: { runId: string; total: number }): void;
  onUnitEnd(unit: UnitResult, progress: RunProgress): void;
  onRunEnd(result: RunResult): void;
}

export const STATUS_MARKS: Record<UnitStatus, string> = {
  passed: "✓",
  failed: "✗",
  errored: "!",
  interrupted: "~",
  skipped: "↓",
};

const MAX_LABEL = 60;

function shorten(text: string): string {
  return text.length > MAX_LABEL ? `…${text.slice(text.length - MAX_LABEL + 1)}` : text;
}

/** The colour of each unit status in console output (`dot` and the console reporter alike). */
export function statusPainters(
  colors: ReturnType<typeof picocolors.createColors>,
): Record<UnitStatus, (text: string) => string> {
  return {
    passed: colors.green,
    failed: colors.red,
    errored: colors.red,
    interrupted: colors.yellow,
    skipped: colors.dim,
  };
}

export function createConsoleReporter(options: ConsoleReporterOptions): ConsoleReporter {
  const colors = picocolors.createColors(options.color);
  const paint = statusPainters(colors);
  let progressWidth = 0;

  const clearProgress = (): void => {
    if (progressWidth === 0) return;
    options.write(`\r${" ".repeat(progressWidth)}\r`);
    progressWidth = 0;
  };

  const unitLine = (unit: UnitResult): string =>
    `${paint[unit.status](STATUS_MARKS[unit.status])} ${unit.unitId} ${colors.dim(`(${formatDuration(unit.durationMs)})`)}\n`;

  const drawProgress = (progress: RunProgress, label: string): void => {
    const counts = `${STATUS_MARKS.passed} ${progress.passed} ${STATUS_MARKS.failed} ${progress.failed} ${STATUS_MARKS.errored} ${progress.errored}`;
    const plain = `[${progress.done}/${progress.total}] ${counts}  ${shorten(label)}`;
    const padding = " ".repeat(Math.max(0, progressWidth - plain.length));
    const shown = `${colors.dim(`[${progress.done}/${progress.total}]`)} ${counts}  ${shorten(label)}`;
    options.write(`\r${shown}${padding}`);
    progressWidth = plain.length;
  };

  return {
    onRunStart(info) {
      if (options.interactive) drawProgress({ done: 0, total: info.total, passed: 0, failed: 0, errored: 0 }, "");
      else options.write(`claw-eval ${options.command ?? "run"} ${info.runId}: ${info.total} units\n`);
    },
    onUnitEnd(unit, progress) {
      if (!options.interactive) {
        options.write(unitLine(unit));
        return;
      }
      if (options.verbose === true || unit.status === "failed" || unit.status === "errored") {
        clearProgress();
        options.write(unitLine(unit));
      }
      drawProgress(progress, unit.unitId);
    },
    onRunEnd(result) {
      clearProgress();
      options.write(formatConsoleSummary(result, colors));
      options.write(formatRegressions(result, colors));
    },
  };
}
