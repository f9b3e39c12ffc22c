/** The JSON of a `memory_get` call (memory.md §7.2). */
export type MemoryGetResult =
  | { path: string; text: string }
  | { path: string; text: ""; disabled: true; error: string };

/** The refusal for a path outside the memory files; the error text is classic's. */
export function refuseMemoryGet(path: string): MemoryGetResult {
  return { path, text: "", disabled: true, error: "path required" };
}

function wholeOr(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) ? Math.floor(value) : fallback;
}

export interface SliceLinesOptions {
  text: string;
  /** 1-based first line; default 1, values below 1 count as 1. */
  from?: number;
  /** Line count; default all, values below 1 count as 1. */
  lines?: number;
}

/**
 * Lines `start … start + count − 1` of `text` (split on `\n`) joined by `\n`, where
 * `start = max(1, from ?? 1)` and `count = max(1, lines ?? all)`; neither given ⇒ the whole
 * text. Non-integers are floored; non-finite values count as not given. Pure.
 */
export function sliceLines(options: SliceLinesOptions): string {
  const { text, from, lines } = options;
  if (from === undefined && lines === undefined) return text;
  const all = text.split("\n");
  const start = Math.max(1, wholeOr(from, 1));
  const count = Math.max(1, wholeOr(lines, all.length));
  return all.slice(start - 1, start - 1 + count).join("\n");
}

/** The `memory_get` result for an allowed path: `text` `undefined` (missing file) ⇒ `""`, else sliced. */
export function formatMemoryGetResult(
  options: Omit<SliceLinesOptions, "text"> & { path: string; text: string | undefined },
): MemoryGetResult {
  if (options.text === undefined) return { path: options.path, text: "" };
  return { path: options.path, text: sliceLines({ text: options.text, from: options.from, lines: options.lines }) };
}
