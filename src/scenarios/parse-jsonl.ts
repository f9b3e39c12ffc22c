import { type Diagnostic, errorMessage } from "../domain/index.js";
import { describeValue } from "./describe-value.js";

/** One row of a cases file with the 1-based line it starts on. */
export interface CaseRow {
  line: number;
  fields: Record<string, unknown>;
}

export interface ParsedCaseRows {
  rows: CaseRow[];
  diagnostics: Diagnostic[];
}

/** Parses JSON Lines: one JSON object per non-blank line. Pure; `file` only names diagnostics. */
export function parseJsonl(text: string, file: string): ParsedCaseRows {
  const rows: CaseRow[] = [];
  const diagnostics: Diagnostic[] = [];
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  lines.forEach((content, index) => {
    if (content.trim() === "") return;
    const line = index + 1;
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
      return;
    }
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      rows.push({ line, fields: value as Record<string, unknown> });
    } else {
      diagnostics.push(problem(describeValue(value)));
    }
  });
  return { rows, diagnostics };
}
