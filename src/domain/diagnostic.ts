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

export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}`;
  const field = diagnostic.path === "" ? "" : ` ${diagnostic.path}:`;
  const hint = diagnostic.suggestion === undefined ? "" : ` (did you mean ${diagnostic.suggestion}?)`;
  return `${where}:${field} expected ${diagnostic.expected}, found ${diagnostic.found}${hint}`;
}
