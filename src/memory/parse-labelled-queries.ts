import type { Diagnostic } from "../domain/index.js";
import { checkLabelledQuery, LABELLED_QUERY_EXAMPLE, type LabelledQueryLine } from "./check-labelled-query.js";

/** Most labelled queries one file may hold. */
export const MAX_LABELLED_QUERIES = 10_000;
/** Largest labelled-queries file read, in bytes (5 MiB). */
export const MAX_LABELLED_QUERIES_BYTES = 5 * 1024 * 1024;

export interface LabelledQueries {
  /** The valid lines, in file order; use them only when `diagnostics` holds no error. */
  queries: LabelledQueryLine[];
  /** One error per problem, naming the file, line and field. */
  diagnostics: Diagnostic[];
}

function error(file: string, line: number, fields: Omit<Diagnostic, "file" | "line" | "severity">): Diagnostic {
  return { file, line, severity: "error", ...fields };
}

/** The size limit as a diagnostic, or none. Check a file's size with this before reading it. */
export function checkLabelledQueriesSize(options: { file: string; bytes: number }): Diagnostic[] {
  if (options.bytes <= MAX_LABELLED_QUERIES_BYTES) return [];
  return [
    error(options.file, 1, {
      column: 1,
      path: "",
      expected: `a file of at most 5 MiB (${MAX_LABELLED_QUERIES_BYTES} bytes): split it into several files`,
      found: `${options.bytes} bytes`,
    }),
  ];
}

/**
 * Parses a labelled-queries file (JSON Lines): one `{"query": "...", "relevant": ["path" |
 * "path#La-Lb", ...]}` per line, checked by {@link checkLabelledQuery}; blank lines are skipped,
 * a leading byte-order mark and `\r` line ends are fine. Every problem is an error naming the
 * file, line and field: invalid JSON (with its column when known), a line's fields, a file over
 * {@link MAX_LABELLED_QUERIES_BYTES} (UTF-8), more than {@link MAX_LABELLED_QUERIES} queries
 * (parsing stops there) or none. Whether the paths are memory files is `checkRelevantPaths`'s
 * job. Pure.
 */
export function parseLabelledQueries(options: { file: string; text: string }): LabelledQueries {
  const { file } = options;
  const oversized = checkLabelledQueriesSize({ file, bytes: Buffer.byteLength(options.text, "utf8") });
  if (oversized.length > 0) return { queries: [], diagnostics: oversized };
  const queries: LabelledQueryLine[] = [];
  const diagnostics: Diagnostic[] = [];
  const lines = options.text.replace(/^\uFEFF/, "").split("\n");
  let entries = 0;
  for (const [index, raw] of lines.entries()) {
    const text = raw.replace(/\r$/, "");
    if (text.trim() === "") continue;
    const line = index + 1;
    entries += 1;
    if (entries > MAX_LABELLED_QUERIES) {
      const expected = `at most ${MAX_LABELLED_QUERIES} queries per file: split it into several files`;
      diagnostics.push(error(file, line, { column: 1, path: "", expected, found: `query number ${entries}` }));
      break;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (problem) {
      const message = problem instanceof Error ? problem.message : String(problem);
      const position = /at position (\d+)/.exec(message);
      const column = position === null ? 1 : Number(position[1]) + 1;
      diagnostics.push(
        error(file, line, {
          column,
          path: "",
          expected: `one JSON object per line, like ${LABELLED_QUERY_EXAMPLE}`,
          found: `invalid JSON (${message})`,
        }),
      );
      continue;
    }
    const checked = checkLabelledQuery(value, { file, line });
    if (Array.isArray(checked)) diagnostics.push(...checked);
    else queries.push(checked);
  }
  if (entries === 0) {
    diagnostics.push(
      error(file, 1, {
        column: 1,
        path: "",
        expected: `one labelled query per line, like ${LABELLED_QUERY_EXAMPLE}`,
        found: "no queries",
      }),
    );
  }
  return { queries, diagnostics };
}
