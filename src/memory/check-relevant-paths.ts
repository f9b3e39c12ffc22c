import { configSuggestKey } from "../config/config-suggest-key.js";
import type { Diagnostic } from "../domain/index.js";
import type { LabelledQueryLine } from "./check-labelled-query.js";
import { parseRelevantLabel } from "./parse-relevant-label.js";

/** Errors that get a suggestion; the search is quadratic in path length, and users read the first few. */
const SUGGESTED = 20;

export interface CheckRelevantPathsOptions {
  /** The labelled-queries file, as the user named it. */
  file: string;
  queries: readonly LabelledQueryLine[];
  /** The paths the index covers (`listIndexedFiles`), workspace-relative with `/` separators. */
  memoryFiles: readonly string[];
}

/**
 * One error per label whose path is not a file the memory index covers (a typo, a note that was
 * renamed, a path written from another folder), suggesting the closest memory file when one is
 * close (for the first 20). Pure.
 */
export function checkRelevantPaths(options: CheckRelevantPathsOptions): Diagnostic[] {
  const known = new Set(options.memoryFiles);
  const diagnostics: Diagnostic[] = [];
  for (const entry of options.queries) {
    entry.relevant.forEach((label, index) => {
      const { path } = parseRelevantLabel(label);
      if (known.has(path)) return;
      const suggestion = diagnostics.length < SUGGESTED ? configSuggestKey(path, options.memoryFiles) : undefined;
      diagnostics.push({
        file: options.file,
        line: entry.line,
        column: 1,
        path: `relevant[${index}]`,
        expected:
          "a memory file of the workspace (MEMORY.md, memory.md, a note under memory/ or an extra path), relative to the workspace",
        found: JSON.stringify(path),
        ...(suggestion === undefined ? {} : { suggestion }),
        severity: "error",
      });
    });
  }
  return diagnostics;
}
