import { type ContextFileReport, MEMORY_FILE_NAMES } from "./bootstrap-files.js";
import { capMemoryLines } from "./cap-memory-lines.js";

const HEAD_RATIO = 0.7;
const TAIL_RATIO = 0.2;
const MEMORY_NAMES: ReadonlySet<string> = new Set(MEMORY_FILE_NAMES);

/** The marker between head and tail of a truncated file (spec/prompt.md §9.4 step 6). */
export function truncationMarker(name: string, head: number, tail: number, total: number): string {
  return `\n[...truncated, read ${name} for full content...]\n…(truncated ${name}: kept ${head}+${tail} chars of ${total})…\n`;
}

/** Cuts `text` to at most `limit` code units (§9.4 step 7). */
export function clampToBudget(text: string, limit: number): string {
  if (text.length <= limit) return text;
  if (limit <= 3) {
    const last = text.charCodeAt(limit - 1);
    return text.slice(0, limit > 0 && last >= 0xd800 && last <= 0xdbff ? limit - 1 : limit);
  }
  return `${text.slice(0, limit - 1)}…`;
}

/**
 * Head, marker and tail (§9.4 step 6). `T = 0` keeps the classic quirk: `slice(-0)` is the
 * whole text. `markerEnd` = index just past the marker's `…(truncated …)…` line.
 */
function headAndTail(text: string, name: string, cap: number) {
  const head = Math.floor(cap * HEAD_RATIO);
  const tail = Math.floor(cap * TAIL_RATIO);
  const marker = truncationMarker(name, head, tail, text.length);
  const content = `${text.slice(0, head)}\n${marker}\n${text.slice(-tail)}`;
  return { content, head, tail, markerEnd: head + marker.length };
}

export interface ContextFileLimits {
  /** Per-file cap for this file: `max(1, min(maxChars, remaining))`. */
  cap: number;
  /** Total budget left, in chars. */
  remaining: number;
  /** Line cap for `MEMORY.md` / `memory.md`; `0` = off. */
  memoryMaxLines: number;
}

export interface TruncatedContextFile {
  /** Injected text; empty means the file is omitted. */
  content: string;
  report: ContextFileReport;
  warnings: string[];
}

/**
 * One present file through the memory line cap, the per-file cap and the total-budget clamp
 * (spec/prompt.md §9.4 steps 5–8, §14 D3), with its report entry (§1.2). Pure.
 */
export function truncateContextFile(
  file: { path: string; name: string; content: string },
  limits: ContextFileLimits,
): TruncatedContextFile {
  const { name, path } = file;
  const warnings: string[] = [];
  const original = file.content.trimEnd();
  const lineCap = MEMORY_NAMES.has(name)
    ? capMemoryLines(original, { fileName: name, maxLines: limits.memoryMaxLines })
    : { text: original, capped: false, keptChars: original.length, totalLines: 0 };
  if (lineCap.capped) {
    warnings.push(
      `${name} has ${lineCap.totalLines} lines (limit ${limits.memoryMaxLines}); truncated in the injected context`,
    );
  }
  const text = lineCap.text;
  const cut = text.length > limits.cap ? headAndTail(text, name, limits.cap) : undefined;
  const uncut = cut?.content ?? text;
  const content = clampToBudget(uncut, limits.remaining);
  const charCut = cut !== undefined || content.length < uncut.length;
  if (charCut)
    warnings.push(`${name} is ${text.length} chars (limit ${limits.cap}); truncated in the injected context`);
  // The clamp's own `…` may complete the marker line's closing `…`, so compare text, not counts.
  const marker = cut !== undefined && content.slice(0, cut.markerEnd) === cut.content.slice(0, cut.markerEnd);
  const fallbackHead = charCut ? content.length - 1 : lineCap.keptChars;
  return {
    content,
    report: {
      path,
      missing: false,
      originalChars: original.length,
      injectedChars: content.length,
      headChars: marker ? cut.head : fallbackHead,
      tailChars: marker ? cut.tail : 0,
      truncated: charCut || lineCap.capped,
    },
    warnings,
  };
}
