export interface MemoryLineCapOptions {
  /** File name used in the marker lines, e.g. `MEMORY.md`. */
  fileName: string;
  /** Lines kept; `0` (or less) turns the cap off. */
  maxLines: number;
}

export interface MemoryLineCapResult {
  text: string;
  /** Whether lines were dropped. */
  capped: boolean;
  /** Chars of the kept lines, without the marker lines. */
  keptChars: number;
  /** Lines of the input (split on `\n`). */
  totalLines: number;
}

/** The two marker lines appended after a capped memory file (spec/memory.md §1.1). */
export function memoryLineCapMarker(fileName: string, kept: number, total: number): string {
  return `[...truncated, read ${fileName} for full content...]\n…(truncated ${fileName}: kept ${kept} of ${total} lines)…`;
}

/**
 * Keeps the first `maxLines` lines of a memory file and appends the two marker lines when
 * there were more (spec/memory.md §1.1, spec/prompt.md §14 D3). Pure.
 */
export function capMemoryLines(text: string, options: MemoryLineCapOptions): MemoryLineCapResult {
  const lines = text.split("\n");
  if (options.maxLines <= 0 || lines.length <= options.maxLines) {
    return { text, capped: false, keptChars: text.length, totalLines: lines.length };
  }
  const kept = lines.slice(0, options.maxLines).join("\n");
  return {
    text: `${kept}\n${memoryLineCapMarker(options.fileName, options.maxLines, lines.length)}`,
    capped: true,
    keptChars: kept.length,
    totalLines: lines.length,
  };
}
