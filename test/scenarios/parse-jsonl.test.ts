import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../src/domain/index.js";
import { parseJsonl } from "../../src/scenarios/parse-jsonl.js";
import { MAX_VALUE_DEPTH } from "../../src/scenarios/scenario-limits.js";

describe("parseJsonl", () => {
  it("reads one object per non-blank line, keeping JSON types and line numbers", () => {
    expect(parseJsonl('{"id": "a", "n": 1}\n\n  \r\n{"nested": {"x": [true]}}\r\n', "c.jsonl")).toEqual({
      rows: [
        { line: 1, fields: { id: "a", n: 1 } },
        { line: 4, fields: { nested: { x: [true] } } },
      ],
      diagnostics: [],
    });
  });

  it("reports invalid JSON and values that are not objects at their lines", () => {
    const result = parseJsonl('{"ok": 1}\n{"x": 2,}\n[1]\n"text"\nnull\n', "c.jsonl");
    expect(result.rows).toEqual([{ line: 1, fields: { ok: 1 } }]);
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([
      // V8's own wording of the parse error follows "invalid JSON".
      expect.stringMatching(/^c\.jsonl:2:1: expected a JSON object, found invalid JSON \(.+\)$/),
      "c.jsonl:3:1: expected a JSON object, found a list",
      'c.jsonl:4:1: expected a JSON object, found string "text"',
      "c.jsonl:5:1: expected a JSON object, found null",
    ]);
  });

  it("reports a value nested deeper than the limit at its line, without a stack overflow", () => {
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    const fine = `${"[".repeat(MAX_VALUE_DEPTH - 1)}${"]".repeat(MAX_VALUE_DEPTH - 1)}`;
    const result = parseJsonl(`{"a": ${fine}}\n{"q": ${deep}}\n`, "c.jsonl");
    expect(result.rows.map((row) => row.line)).toEqual([1]);
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([
      `c.jsonl:2:1: expected a JSON object nested at most ${MAX_VALUE_DEPTH} levels deep, found a value nested more than ${MAX_VALUE_DEPTH} levels deep (under q.0.0)`,
    ]);
  });
});
