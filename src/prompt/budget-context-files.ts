import {
  type BootstrapFile,
  type ContextFile,
  type ContextFileReport,
  DEFAULT_BOOTSTRAP_MAX_CHARS,
  DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS,
  DEFAULT_MEMORY_MAX_LINES,
} from "./bootstrap-files.js";
import { clampToBudget, truncateContextFile } from "./truncate-context-file.js";

export { truncationMarker } from "./truncate-context-file.js";

export interface ContextBudget {
  /** Per-file cap in chars (`agents.defaults.bootstrapMaxChars`); not a positive number → 20000; floored. */
  maxChars: number;
  /** Total cap in chars (`agents.defaults.bootstrapTotalMaxChars`); not a positive number → 150000; floored. */
  totalMaxChars: number;
  /**
   * Lines kept of `MEMORY.md` / `memory.md` before the char rule (`agents.defaults.memoryMaxLines`,
   * spec/memory.md §1.1). Default 200; `0` turns the line cap off (classic behaviour).
   */
  memoryMaxLines?: number;
}

export interface BudgetedContextFiles {
  contextFiles: ContextFile[];
  /** One entry per injected block, in prompt order (spec/prompt.md §1.2). */
  report: ContextFileReport[];
  warnings: string[];
}

const MINIMUM_REMAINING = 64;

function positiveInteger(value: number, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
}

function memoryLineLimit(value: number | undefined): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0
    ? Math.floor(value)
    : DEFAULT_MEMORY_MAX_LINES;
}

function fileNameOf(file: BootstrapFile): string {
  const name = file.name.trim();
  return name !== "" ? name : (file.path.replace(/\\/g, "/").split("/").at(-1) ?? "");
}

function missingBlock(path: string, remaining: number): { content: string; report: ContextFileReport } {
  const marker = `[MISSING] Expected at: ${path}`;
  const content = clampToBudget(marker, remaining);
  const truncated = content.length < marker.length;
  const report = {
    path,
    missing: true,
    originalChars: marker.length,
    injectedChars: content.length,
    headChars: truncated ? content.length - 1 : marker.length,
    tailChars: 0,
    truncated,
  };
  return { content, report };
}

/**
 * Applies the MEMORY.md line cap, then the per-file and total char budgets with head/tail
 * truncation (spec/prompt.md §9.4, §14 D3). Pure; files are processed in input order.
 */
export function budgetContextFiles(files: readonly BootstrapFile[], budget: ContextBudget): BudgetedContextFiles {
  const maxChars = positiveInteger(budget.maxChars, DEFAULT_BOOTSTRAP_MAX_CHARS);
  const memoryMaxLines = memoryLineLimit(budget.memoryMaxLines);
  const contextFiles: ContextFile[] = [];
  const report: ContextFileReport[] = [];
  const warnings: string[] = [];
  let remaining = Math.max(1, positiveInteger(budget.totalMaxChars, DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS));
  for (const file of files) {
    if (remaining <= 0) break;
    if (file.path.trim() === "") {
      warnings.push(`bootstrap file ${file.name} has a blank path and was skipped`);
      continue;
    }
    if (file.missing) {
      const block = missingBlock(file.path, remaining);
      if (block.content === "") break;
      remaining -= block.content.length;
      contextFiles.push({ path: file.path, content: block.content });
      report.push(block.report);
      continue;
    }
    if (remaining < MINIMUM_REMAINING) {
      warnings.push(
        `bootstrap budget has ${remaining} chars left, below the ${MINIMUM_REMAINING}-char minimum; remaining bootstrap files are skipped`,
      );
      break;
    }
    const cap = Math.max(1, Math.min(maxChars, remaining));
    const result = truncateContextFile(
      { path: file.path, name: fileNameOf(file), content: file.content ?? "" },
      { cap, remaining, memoryMaxLines },
    );
    warnings.push(...result.warnings);
    if (result.content === "") continue;
    contextFiles.push({ path: file.path, content: result.content });
    report.push(result.report);
    remaining -= result.content.length;
  }
  return { contextFiles, report, warnings };
}
