import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../src/domain/index.js";
import {
  checkLabelledQueriesSize,
  MAX_LABELLED_QUERIES,
  MAX_LABELLED_QUERIES_BYTES,
  parseLabelledQueries,
} from "../../src/memory/parse-labelled-queries.js";

const FILE = "evals/queries.jsonl";

/** The formatted errors of parsing `lines` joined with `\n`. */
function errors(...lines: string[]): string[] {
  const parsed = parseLabelledQueries({ file: FILE, text: lines.join("\n") });
  expect(parsed.diagnostics.every((diagnostic) => diagnostic.severity === "error")).toBe(true);
  return parsed.diagnostics.map(formatDiagnostic);
}

const LABEL_LIST =
  "a non-empty list of labels, each a memory file path (memory/2026-03-14.md) or a line range of one (memory/2026-03-14.md#L3-L7)";
const LABEL = "a memory file path (memory/2026-03-14.md) or a line range of one (memory/2026-03-14.md#L3-L7)";

describe("parseLabelledQueries", () => {
  it("reads one query per line with its line number, skipping blank lines, a BOM, \\r and other keys", () => {
    const text = [
      '\uFEFF{"query": "where is the team offsite", "relevant": ["memory/2025-12-16.md"]}\r',
      "",
      "   ",
      '{"query": "莫干山徒步", "relevant": ["memory/2026-03-02.md#L3-L5", "MEMORY.md"], "note": "hike"}',
    ].join("\n");
    expect(parseLabelledQueries({ file: FILE, text })).toEqual({
      queries: [
        { line: 1, query: "where is the team offsite", relevant: ["memory/2025-12-16.md"] },
        { line: 4, query: "莫干山徒步", relevant: ["memory/2026-03-02.md#L3-L5", "MEMORY.md"] },
      ],
      diagnostics: [],
    });
  });

  it("an invalid JSON line names the file, line and column and shows the expected form", () => {
    const [message] = errors('{"query": "x", "relevant": ["a.md"]}', '{"query": "tax", "relevant": ["a.md"]');
    expect(message).toMatch(
      /^evals\/queries\.jsonl:2:38: expected one JSON object per line, like \{"query": "dentist appointment", "relevant": \["memory\/2026-03-04\.md", "MEMORY\.md#L3-L5"\]\}, found invalid JSON \(.+\)$/,
    );
  });

  it("a line that is not an object is an error", () => {
    expect(errors('["tax", ["a.md"]]')).toEqual([
      `${FILE}:1:1: expected a JSON object like {"query": "dentist appointment", "relevant": ["memory/2026-03-04.md", "MEMORY.md#L3-L5"]}, found a list`,
    ]);
  });

  it("a missing, blank or non-string query is an error naming the field; a misspelt key is suggested", () => {
    expect(
      errors(
        '{"relevant": ["a.md"]}',
        '{"query": "  ", "relevant": ["a.md"]}',
        '{"query": 7, "relevant": ["a.md"]}',
        '{"qeury": "tax", "relevant": ["a.md"]}',
      ),
    ).toEqual([
      `${FILE}:1:1: query: expected a non-blank string: the text to search the notes for, found nothing`,
      `${FILE}:2:1: query: expected a non-blank string: the text to search the notes for, found string "  "`,
      `${FILE}:3:1: query: expected a non-blank string: the text to search the notes for, found number 7`,
      `${FILE}:4:1: query: expected a non-blank string: the text to search the notes for, found nothing (did you mean "query" instead of "qeury"?)`,
    ]);
  });

  it("a missing, empty or non-list relevant is an error; so is a blank or non-string label, each named by index", () => {
    expect(
      errors(
        '{"query": "tax"}',
        '{"query": "tax", "relevant": []}',
        '{"query": "tax", "relevant": "memory/a.md"}',
        '{"query": "tax", "relevant": ["memory/a.md", 3, " "]}',
        '{"query": "tax", "relevent": ["memory/a.md"]}',
      ),
    ).toEqual([
      `${FILE}:1:1: relevant: expected ${LABEL_LIST}, found nothing`,
      `${FILE}:2:1: relevant: expected ${LABEL_LIST}, found an empty list`,
      `${FILE}:3:1: relevant: expected ${LABEL_LIST}, found string "memory/a.md"`,
      `${FILE}:4:1: relevant[1]: expected ${LABEL}, found number 3`,
      `${FILE}:4:1: relevant[2]: expected ${LABEL}, found string " "`,
      `${FILE}:5:1: relevant: expected ${LABEL_LIST}, found nothing (did you mean "relevant" instead of "relevent"?)`,
    ]);
  });

  it("a line range must have 1 ≤ a ≤ b; one-line and a-b forms are fine", () => {
    expect(
      errors(
        '{"query": "tax", "relevant": ["m/a.md#L5-L3", "m/a.md#L0-L2", "m/a.md#L4", "m/a.md#L4-6", "m/a.md#L4-L4"]}',
      ),
    ).toEqual([
      `${FILE}:1:1: relevant[0]: expected a line range #La-Lb with 1 ≤ a ≤ b, found "m/a.md#L5-L3"`,
      `${FILE}:1:1: relevant[1]: expected a line range #La-Lb with 1 ≤ a ≤ b, found "m/a.md#L0-L2"`,
    ]);
  });

  it("reports every bad line, keeping the good ones", () => {
    const parsed = parseLabelledQueries({
      file: FILE,
      text: '{"query": "a", "relevant": ["x.md"]}\nnope\n{"query": "b", "relevant": ["y.md"]}\n{}',
    });
    expect(parsed.queries.map((entry) => entry.line)).toEqual([1, 3]);
    expect(parsed.diagnostics.map((diagnostic) => [diagnostic.line, diagnostic.path])).toEqual([
      [2, ""],
      [4, "query"],
      [4, "relevant"],
    ]);
  });

  it("an empty file is an error", () => {
    expect(errors("", "  ")).toEqual([
      `${FILE}:1:1: expected one labelled query per line, like {"query": "dentist appointment", "relevant": ["memory/2026-03-04.md", "MEMORY.md#L3-L5"]}, found no queries`,
    ]);
  });

  it(`more than ${MAX_LABELLED_QUERIES} queries is an error at the first one too many, and parsing stops there`, () => {
    const line = '{"query": "tax", "relevant": ["memory/a.md"]}';
    const text = ["", ...Array.from({ length: MAX_LABELLED_QUERIES + 5 }, () => line)].join("\n");
    const parsed = parseLabelledQueries({ file: FILE, text });
    expect(parsed.diagnostics.map(formatDiagnostic)).toEqual([
      `${FILE}:10002:1: expected at most 10000 queries per file: split it into several files, found query number 10001`,
    ]);
    expect(parsed.queries).toHaveLength(MAX_LABELLED_QUERIES);
  });

  it("a file over 5 MiB (UTF-8 bytes) is an error before anything is parsed", () => {
    const line = `{"query": "${"税".repeat(1000)}", "relevant": ["memory/a.md"]}`;
    const count = Math.ceil(MAX_LABELLED_QUERIES_BYTES / Buffer.byteLength(`${line}\n`));
    const text = Array.from({ length: count }, () => line).join("\n");
    expect(text.length).toBeLessThan(MAX_LABELLED_QUERIES_BYTES);
    const parsed = parseLabelledQueries({ file: FILE, text });
    expect(parsed.queries).toEqual([]);
    expect(parsed.diagnostics.map(formatDiagnostic)).toEqual([
      `${FILE}:1:1: expected a file of at most 5 MiB (5242880 bytes): split it into several files, found ${Buffer.byteLength(text)} bytes`,
    ]);
  });

  it("checkLabelledQueriesSize accepts exactly 5 MiB and refuses one byte more", () => {
    expect(checkLabelledQueriesSize({ file: FILE, bytes: MAX_LABELLED_QUERIES_BYTES })).toEqual([]);
    expect(checkLabelledQueriesSize({ file: FILE, bytes: MAX_LABELLED_QUERIES_BYTES + 1 })).toHaveLength(1);
  });
});
