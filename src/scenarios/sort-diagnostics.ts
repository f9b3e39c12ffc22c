import type { Diagnostic } from "../domain/index.js";

/** Sorted copy: by file, line, column, then field path (code unit order). */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) => compareText(a.file, b.file) || a.line - b.line || a.column - b.column || compareText(a.path, b.path),
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
