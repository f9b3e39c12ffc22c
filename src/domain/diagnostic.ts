/**
 * An expected input problem, printed as
 * `<file>:<line>:<col>: <field path>: expected <what>, found <what> (did you mean <x>?)`.
 * Lines and columns are 1-based.
 */
export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  /** Dotted field path, e.g. `turns[0].expect[1].reply-contains`; empty for the whole file. */
  path: string;
  expected: string;
  found: string;
  suggestion?: string;
  severity: "error" | "warning";
}

/**
 * Code unit ranges (inclusive) that could break a diagnostic over lines or make it read
 * differently from what it holds: C0 and C1 controls (newlines and tabs included), zero-width
 * characters and direction marks, line and paragraph separators with the bidirectional
 * embeddings and overrides, the bidirectional isolates, and the byte order mark.
 */
export const INVISIBLE_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x001f],
  [0x007f, 0x009f],
  [0x200b, 0x200f],
  [0x2028, 0x202e],
  [0x2066, 0x2069],
  [0xfeff, 0xfeff],
];

const SHORT_ESCAPES: Readonly<Record<number, string>> = { 10: "\\n", 13: "\\r", 9: "\\t" };

function isInvisible(code: number): boolean {
  return INVISIBLE_RANGES.some(([low, high]) => code >= low && code <= high);
}

/**
 * `text` with every character of {@link INVISIBLE_RANGES} written as a visible escape (`\n`,
 * `\r`, `\t`, else `\u` and four lowercase hex digits, e.g. `\u202e`), so it prints as one
 * line that reads as it is. Every other character is kept. Pure, linear in the length.
 */
export function escapeInvisible(text: string): string {
  let escaped = "";
  let copiedUpTo = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (!isInvisible(code)) continue;
    escaped += text.slice(copiedUpTo, index) + (SHORT_ESCAPES[code] ?? `\\u${code.toString(16).padStart(4, "0")}`);
    copiedUpTo = index + 1;
  }
  return copiedUpTo === 0 ? text : escaped + text.slice(copiedUpTo);
}

/** One line per diagnostic, whatever its parts hold (see {@link escapeInvisible}). Pure. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}`;
  const field = diagnostic.path === "" ? "" : ` ${diagnostic.path}:`;
  const hint = diagnostic.suggestion === undefined ? "" : ` (did you mean ${diagnostic.suggestion}?)`;
  return escapeInvisible(`${where}:${field} expected ${diagnostic.expected}, found ${diagnostic.found}${hint}`);
}
