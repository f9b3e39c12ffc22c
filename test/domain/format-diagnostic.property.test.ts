import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Diagnostic, escapeInvisible, formatDiagnostic } from "../../src/domain/index.js";
import { assertProperty } from "../support/assert-property.js";

/** Whether `text` holds a character a formatted diagnostic must never hold as itself. */
function holdsForbidden(text: string): boolean {
  return [...text].some((character) => {
    const code = character.codePointAt(0) ?? 0;
    return (
      code < 0x20 ||
      (code >= 0x7f && code <= 0x9f) ||
      (code >= 0x200b && code <= 0x200f) ||
      code === 0x2028 ||
      code === 0x2029 ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069) ||
      code === 0xfeff
    );
  });
}

/** Line breaks as JavaScript, terminals and editors see them. */
const LINE_BREAKS = ["\n", "\r", "\u000b", "\u000c", "\u0085", "\u2028", "\u2029"];

const SPECIAL = [
  "\n",
  "\r",
  "\t",
  "\u0000",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009b",
  "\u200b",
  "\u200d",
  "\u200e",
  "\u200f",
  "\u2028",
  "\u2029",
  "\u202a",
  "\u202e",
  "\u2066",
  "\u2069",
  "\ufeff",
];

/** Text mixing ordinary characters, any UTF-16 code unit and every special character. */
const hostileText = fc
  .array(fc.oneof(fc.constantFrom(...SPECIAL), fc.string({ unit: "binary", maxLength: 3 }), fc.string()), {
    maxLength: 12,
  })
  .map((parts) => parts.join(""));

const diagnostic: fc.Arbitrary<Diagnostic> = fc.record(
  {
    file: hostileText,
    line: fc.nat(),
    column: fc.nat(),
    path: hostileText,
    expected: hostileText,
    found: hostileText,
    suggestion: hostileText,
    severity: fc.constantFrom("error" as const, "warning" as const),
  },
  { requiredKeys: ["file", "line", "column", "path", "expected", "found", "severity"] },
);

describe("formatDiagnostic", () => {
  it("any diagnostic formats as exactly one line with no control, bidirectional, separator or zero-width character", () => {
    assertProperty(
      fc.property(diagnostic, (value) => {
        const text = formatDiagnostic(value);
        expect(LINE_BREAKS.filter((lineBreak) => text.includes(lineBreak))).toEqual([]);
        expect(holdsForbidden(text)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("escaping keeps every other character and is undone by reading the escapes back", () => {
    assertProperty(
      fc.property(hostileText, (text) => {
        const escaped = escapeInvisible(text);
        const restored = escaped.replace(/\\n|\\r|\\t|\\u([0-9a-f]{4})/g, (match, hex: string | undefined) =>
          hex === undefined
            ? (({ "\\n": "\n", "\\r": "\r", "\\t": "\t" } as Record<string, string>)[match] ?? match)
            : String.fromCharCode(Number.parseInt(hex, 16)),
        );
        // Text that already held a backslash escape reads back differently; the rest round-trips.
        if (!text.includes("\\")) expect(restored).toBe(text);
      }),
    );
  });

  it("writes each kind of hidden character visibly, in every part", () => {
    const text = formatDiagnostic({
      file: "a\nb.yaml",
      line: 3,
      column: 1,
      path: "cases[0].id\u202e",
      expected: "a\ttab",
      found: 'id "x\u2028y\ufeff\u200b\u0000\u009b"',
      suggestion: "\u2066z\u2069",
      severity: "error",
    });
    expect(text).toBe(
      'a\\nb.yaml:3:1: cases[0].id\\u202e: expected a\\ttab, found id "x\\u2028y\\ufeff\\u200b\\u0000\\u009b" (did you mean \\u2066z\\u2069?)',
    );
  });

  it("leaves ordinary text, accents, emoji and CJK as they are", () => {
    const found = 'string "café ✓ 日本 👍"';
    expect(
      formatDiagnostic({ file: "f.yaml", line: 1, column: 2, path: "", expected: "x", found, severity: "error" }),
    ).toBe(`f.yaml:1:2: expected x, found ${found}`);
  });
});
