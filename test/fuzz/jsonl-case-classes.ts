import fc from "fast-check";
import { casesCase } from "./cases-case.js";
import type { FuzzClass } from "./fuzz-types.js";
import { anyText, deepJson } from "./fuzz-values.js";

const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 10 }),
  anyText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
);

/** JSONL files that are valid but odd: BOM, CRLF, blank lines, ids with control characters, `__proto__` keys. */
export function jsonlOddClass(): FuzzClass {
  const row = fc.record({
    id: fc.option(fc.oneof(anyText, fc.integer()), { nil: undefined }),
    q: jsonValue,
    a: jsonValue,
    extra: fc.option(jsonValue, { nil: undefined }),
  });
  const arbitrary = fc
    .tuple(
      fc.uniqueArray(row, {
        minLength: 1,
        maxLength: 10,
        selector: (value) => (value.id === undefined ? value : String(value.id)),
      }),
      fc.constantFrom("\n", "\r\n", "\n\n"),
      fc.boolean(),
      fc.boolean(),
    )
    .map(([values, newline, bom, proto]) => {
      const lines = values.map((value) => JSON.stringify(value));
      if (proto) lines.push('{"__proto__":{"polluted":true},"constructor":"x","q":"p","a":"p"}');
      return casesCase({
        label: `${lines.length} JSONL rows`,
        file: "cases.jsonl",
        content: `${bom ? "\uFEFF" : ""}${lines.join(newline)}${newline}`,
        invalid: false,
      });
    });
  return { name: "cases/jsonl-odd", category: "cases", arbitrary };
}

/** JSONL values nested 200 to 20 000 levels deep (valid JSON): filled into the scenario or refused, never a crash. */
export function jsonlDeepValuesClass(): FuzzClass {
  const arbitrary = fc.tuple(deepJson, fc.constantFrom("q", "a", "id", "unused")).map(([deep, field]) =>
    casesCase({
      label: `JSONL ${field} nested ${deep.length} chars deep`,
      file: "cases.jsonl",
      content: `{"q":"1","a":"1"}\n{"q":"2","a":"2","${field}":${deep}}\n`,
      invalid: false,
    }),
  );
  return { name: "cases/jsonl-deep-values", category: "cases", arbitrary };
}

/** Broken JSONL files: invalid JSON, lines that are not objects, duplicate or non-scalar ids, nothing but blanks. */
export function jsonlInvalidClass(): FuzzClass {
  const bad = fc.oneof(
    fc.constantFrom(
      '{"q": "unterminated',
      "{'q': 1}",
      '{"q": 1,}',
      "NaN",
      "[1, 2]",
      "42",
      '"text"',
      "null",
      "true",
      '{"q": 1} trailing',
      "\u0000",
    ),
    fc.string({ minLength: 1, maxLength: 20 }).filter((text) => {
      try {
        const value: unknown = JSON.parse(text);
        return value === null || typeof value !== "object" || Array.isArray(value);
      } catch {
        return text.trim() !== "";
      }
    }),
  );
  const breakages: fc.Arbitrary<{ label: string; content: string }> = fc.oneof(
    bad.map((line) => ({ label: `line ${JSON.stringify(line)}`, content: `{"q":"1","a":"1"}\n${line}\n` })),
    fc.oneof(fc.string({ minLength: 1, maxLength: 6 }), fc.integer()).map((id) => ({
      label: "duplicate ids",
      content: `${JSON.stringify({ id, q: 1, a: 1 })}\n${JSON.stringify({ id, q: 2, a: 2 })}\n`,
    })),
    fc.constantFrom(
      { label: "object id", content: '{"id":{"x":1},"q":1,"a":1}\n' },
      { label: "boolean id", content: '{"id":true,"q":1,"a":1}\n' },
      { label: "blank lines only", content: "\n \n\t\n" },
      { label: "empty file", content: "" },
    ),
  );
  const arbitrary = breakages.map(({ label, content }) =>
    casesCase({ label: `JSONL: ${label}`, file: "cases.jsonl", content, invalid: true }),
  );
  return { name: "cases/jsonl-invalid", category: "cases", arbitrary };
}
