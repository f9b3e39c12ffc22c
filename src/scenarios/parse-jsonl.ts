import { type Diagnostic, errorMessage, findTooDeepValue } from "../domain/index.js";
import { describeValue } from "./describe-value.js";
import { MAX_CASES, MAX_VALUE_DEPTH } from "./scenario-limits.js";

/** One row of a cases file with the 1-based line it starts on. */
export interface CaseRow {
  line: number;
  fields: Record<string, unknown>;
}

export interface ParsedCaseRows {
  rows: CaseRow[];
  diagnostics: Diagnostic[];
  /** Present when the file holds more than `MAX_CASES` rows: only the first `MAX_CASES` were read. */
  tooManyRows?: true;
}

/**
 * Parses JSON Lines: one JSON object per non-blank line, at most `MAX_CASES` of them (see
 * `tooManyRows`). Pure; `file` only names diagnostics.
 */
export function parseJsonl(text: string, file: string): ParsedCaseRows {
  const rows: CaseRow[] = [];
  const diagnostics: Diagnostic[] = [];
  const body = text.replace(/^\uFEFF/, "");
  let start = 0;
  for (let line = 1; start <= body.length; line++) {
    const newline = body.indexOf("\n", start);
    const end = newline === -1 ? body.length : newline;
    const content = body.slice(start, end > start && body[end - 1] === "\r" ? end - 1 : end);
    start = end + 1;
    if (content.trim() === "") continue;
    if (rows.length + diagnostics.length === MAX_CASES) return { rows, diagnostics, tooManyRows: true };
    const problem = (found: string): Diagnostic => ({
      file,
      line,
      column: 1,
      path: "",
      expected: "a JSON object",
      found,
      severity: "error",
    });
    let value: unknown;
    try {
      value = JSON.parse(content);
    } catch (error) {
      diagnostics.push(problem(`invalid JSON (${errorMessage(error)})`));
      continue;
    }
    const tooDeep = findTooDeepValue(value, MAX_VALUE_DEPTH);
    if (tooDeep !== undefined) {
      const where = tooDeep.slice(0, 3).join(".");
      diagnostics.push({
        ...problem(`a value nested more than ${MAX_VALUE_DEPTH} levels deep (under ${where})`),
        expected: `a JSON object nested at most ${MAX_VALUE_DEPTH} levels deep`,
      });
    } else if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      rows.push({ line, fields: value as Record<string, unknown> });
    } else {
      diagnostics.push(problem(describeValue(value)));
    }
  }
  return { rows, diagnostics };
}
