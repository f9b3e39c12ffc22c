import { basename } from "node:path";
import type { BootstrapFile, ContextFile, ContextFileReport } from "./bootstrap-files.js";

export interface ContextBudget {
  /** Per-file cap in chars (`agents.defaults.bootstrapMaxChars`). */
  maxChars: number;
  /** Total cap in chars (`agents.defaults.bootstrapTotalMaxChars`). */
  totalMaxChars: number;
}

export interface BudgetedContextFiles {
  contextFiles: ContextFile[];
  report: ContextFileReport[];
  warnings: string[];
}

const MINIMUM_REMAINING = 64;
const HEAD_RATIO = 0.7;
const TAIL_RATIO = 0.2;

export function truncationMarker(name: string, head: number, tail: number, total: number): string {
  return `\n[...truncated, read ${name} for full content...]\n…(truncated ${name}: kept ${head}+${tail} chars of ${total})…\n`;
}

/** Cuts `text` to at most `limit` code units (spec/prompt.md §9.4 step 7). */
function clamp(text: string, limit: number): string {
  if (text.length <= limit) return text;
  if (limit <= 3) {
    let end = limit;
    const last = text.charCodeAt(end - 1);
    if (end > 0 && last >= 0xd800 && last <= 0xdbff) end -= 1;
    return text.slice(0, end);
  }
  return `${text.slice(0, limit - 1)}…`;
}

function markerCounts(content: string, name: string): { head: number; tail: number } | undefined {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`…\\(truncated ${escaped}: kept (\\d+)\\+(\\d+) chars of \\d+\\)…`).exec(content);
  if (match === null) return undefined;
  return { head: Number(match[1]), tail: Number(match[2]) };
}

/**
 * Applies the per-file and total char budgets with head/tail truncation (spec/prompt.md §9.4).
 * Pure; files are processed in input order.
 */
export function budgetContextFiles(files: readonly BootstrapFile[], budget: ContextBudget): BudgetedContextFiles {
  const contextFiles: ContextFile[] = [];
  const report: ContextFileReport[] = [];
  const warnings: string[] = [];
  let remaining = Math.max(1, Math.floor(budget.totalMaxChars));
  for (const file of files) {
    if (remaining <= 0) break;
    if (file.path.trim() === "") {
      warnings.push(`bootstrap file ${file.name} has a blank path and was skipped`);
      continue;
    }
    const name = basename(file.path.replace(/\\/g, "/"));
    if (file.missing) {
      const marker = `[MISSING] Expected at: ${file.path}`;
      const content = clamp(marker, remaining);
      if (content === "") break;
      remaining -= content.length;
      contextFiles.push({ path: file.path, content });
      const truncated = content.length < marker.length;
      report.push({
        path: file.path,
        missing: true,
        originalChars: marker.length,
        injectedChars: content.length,
        headChars: truncated ? content.length - 1 : marker.length,
        tailChars: 0,
        truncated,
      });
      continue;
    }
    if (remaining < MINIMUM_REMAINING) {
      warnings.push(
        `bootstrap budget has ${remaining} chars left, below the ${MINIMUM_REMAINING}-char minimum; remaining bootstrap files are skipped`,
      );
      break;
    }
    const cap = Math.max(1, Math.min(budget.maxChars, remaining));
    const text = (file.content ?? "").trimEnd();
    let content = text;
    let cut = false;
    if (text.length > cap) {
      const head = Math.floor(cap * HEAD_RATIO);
      const tail = Math.floor(cap * TAIL_RATIO);
      content = `${text.slice(0, head)}\n${truncationMarker(name, head, tail, text.length)}\n${tail > 0 ? text.slice(-tail) : ""}`;
      cut = true;
    }
    if (content.length > remaining) {
      content = clamp(content, remaining);
      cut = true;
    }
    if (cut) warnings.push(`${name} is ${text.length} chars (limit ${cap}); truncated in the injected context`);
    if (content === "") continue;
    contextFiles.push({ path: file.path, content });
    remaining -= content.length;
    const counts = cut ? markerCounts(content, name) : undefined;
    report.push({
      path: file.path,
      missing: false,
      originalChars: text.length,
      injectedChars: content.length,
      headChars: counts ? counts.head : cut ? content.length - 1 : text.length,
      tailChars: counts ? counts.tail : 0,
      truncated: cut,
    });
  }
  return { contextFiles, report, warnings };
}
