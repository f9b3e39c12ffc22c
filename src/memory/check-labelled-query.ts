import { configDescribeValue } from "../config/config-describe-value.js";
import { configSuggestKey } from "../config/config-suggest-key.js";
import type { Diagnostic } from "../domain/index.js";
import type { LabelledQuery } from "./measure-retrieval.js";
import { parseRelevantLabel } from "./parse-relevant-label.js";

/** A labelled query with the 1-based line of the file it came from. */
export interface LabelledQueryLine extends LabelledQuery {
  line: number;
  relevant: string[];
}

/** Where a value was read: the labelled-queries file and the 1-based line. */
export interface LabelledQueryPlace {
  file: string;
  line: number;
}

/** The form a line takes, shown when a line is not an object. */
export const LABELLED_QUERY_EXAMPLE =
  '{"query": "dentist appointment", "relevant": ["memory/2026-03-04.md", "MEMORY.md#L3-L5"]}';
const LABEL = "a memory file path (memory/2026-03-14.md) or a line range of one (memory/2026-03-14.md#L3-L7)";
const FIELDS = ["query", "relevant"];

function checkLabel(label: unknown, at: LabelledQueryPlace & { path: string }): Diagnostic | undefined {
  const problem = (expected: string, found: string): Diagnostic => ({
    file: at.file,
    line: at.line,
    column: 1,
    path: at.path,
    expected,
    found,
    severity: "error",
  });
  if (typeof label !== "string" || label.trim() === "") return problem(LABEL, configDescribeValue(label));
  const { lines } = parseRelevantLabel(label);
  if (lines !== undefined && !(lines.start >= 1 && lines.start <= lines.end))
    return problem("a line range #La-Lb with 1 ≤ a ≤ b", JSON.stringify(label));
  return undefined;
}

/**
 * Checks one parsed line of a labelled-queries file: an object with a non-blank `query` string
 * and a non-empty `relevant` list of non-blank strings whose line ranges have `1 ≤ a ≤ b`; other
 * keys are ignored, and a misspelt `query` or `relevant` key is suggested. Returns the query, or
 * every problem as an error naming the field. Pure.
 */
export function checkLabelledQuery(value: unknown, at: LabelledQueryPlace): LabelledQueryLine | Diagnostic[] {
  const problem = (path: string, expected: string, found: unknown, suggestion?: string): Diagnostic => ({
    file: at.file,
    line: at.line,
    column: 1,
    path,
    expected,
    found: configDescribeValue(found),
    ...(suggestion === undefined ? {} : { suggestion }),
    severity: "error",
  });
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return [problem("", `a JSON object like ${LABELLED_QUERY_EXAMPLE}`, value)];
  const entry = value as Record<string, unknown>;
  const unknownKeys = Object.keys(entry).filter((key) => !FIELDS.includes(key));
  const suggest = (field: string) => unknownKeys.find((key) => configSuggestKey(key, [field]) === field);
  const problems: Diagnostic[] = [];
  const { query, relevant } = entry;
  if (typeof query !== "string" || query.trim() === "") {
    const misspelt = query === undefined ? suggest("query") : undefined;
    problems.push(
      problem(
        "query",
        "a non-blank string: the text to search the notes for",
        query,
        misspelt && `"query" instead of "${misspelt}"`,
      ),
    );
  }
  if (!Array.isArray(relevant) || relevant.length === 0) {
    const misspelt = relevant === undefined ? suggest("relevant") : undefined;
    problems.push(
      problem(
        "relevant",
        `a non-empty list of labels, each ${LABEL}`,
        relevant,
        misspelt && `"relevant" instead of "${misspelt}"`,
      ),
    );
  } else {
    relevant.forEach((label: unknown, index) => {
      const found = checkLabel(label, { ...at, path: `relevant[${index}]` });
      if (found !== undefined) problems.push(found);
    });
  }
  if (problems.length > 0) return problems;
  return { line: at.line, query: query as string, relevant: relevant as string[] };
}
