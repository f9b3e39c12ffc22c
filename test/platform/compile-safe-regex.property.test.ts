// Guards against: a pattern or text that makes the safe-regex module throw, and drift from JavaScript's meaning.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileSafeRegex, type SafeRegexResult } from "../../src/platform/compile-safe-regex.js";
import { assertProperty } from "../support/assert-property.js";

const REGEX_PIECES = [
  "a",
  "b",
  "\\",
  "(",
  ")",
  "(?:",
  "(?=",
  "(?!",
  "(?<=",
  "(?<!",
  "(?<n>",
  "\\k<n>",
  "\\1",
  "[",
  "]",
  "[^",
  "^",
  "$",
  ".",
  "*",
  "+",
  "?",
  "{",
  "}",
  "{2}",
  "{1,3}",
  "{1001}",
  "|",
  "-",
  "\\d",
  "\\w",
  "\\s",
  "\\b",
  "\\u0041",
  "\\u{1F600}",
  "\\x41",
  "\\cA",
  "\\p{L}",
  "\\P{",
  "/",
  "\n",
  "\u0000",
  "\uD800",
  "é",
  "😀",
];

const pattern = fc.oneof(
  fc.array(fc.constantFrom(...REGEX_PIECES), { maxLength: 24 }).map((pieces) => pieces.join("")),
  fc.string({ unit: "binary", maxLength: 40 }),
);
const flags = fc.oneof(
  fc.subarray(["d", "g", "i", "m", "s", "u"]).map((chosen) => chosen.join("")),
  fc.string({ maxLength: 4 }),
);

/** Compiles, turning a throw into a failed property with the thrown value in view. */
function compileOrReport(options: { pattern: string; flags: string; literal?: boolean }): SafeRegexResult {
  try {
    return compileSafeRegex(options);
  } catch (error) {
    throw new Error(`compileSafeRegex threw for ${JSON.stringify(options)}: ${String(error)}`);
  }
}

/** Patterns over a and b that mean the same in JavaScript and on the engine. */
const portable: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("a", "b", ".", "[ab]", "[^a]", "^", "$", "\\w", "\\d", "\\b"),
    fc.tuple(tie("node"), tie("node")).map(([left, right]) => left + right),
    fc.tuple(tie("node"), tie("node")).map(([left, right]) => `(?:${left}|${right})`),
    fc
      .tuple(tie("node"), fc.constantFrom("*", "+", "?", "{1,2}"))
      .map(([inner, quantifier]) => `(${inner})${quantifier}`),
  ),
})).node;

describe("compileSafeRegex properties", () => {
  it("never throws: any pattern and flags give a result, and a compiled pattern tests any text", () => {
    assertProperty(
      fc.property(
        pattern,
        flags,
        fc.boolean(),
        fc.string({ unit: "binary", maxLength: 60 }),
        (source, given, literal, text) => {
          const result = compileOrReport({ pattern: source, flags: given, literal });
          if (result.ok) expect(typeof result.regex.test(text)).toBe("boolean");
          else expect(result.problem).toMatch(/^\S.*\S$/s);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("agrees with JavaScript's RegExp on portable patterns and flags", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "b", "A", "1", " ", "\n"), maxLength: 10 });
    const portableFlags = fc.subarray(["i", "m", "s"]).map((chosen) => chosen.join(""));
    assertProperty(
      fc.property(portable, portableFlags, text, (source, given, input) => {
        const result = compileOrReport({ pattern: source, flags: given });
        if (!result.ok) throw new Error(`${source} refused: ${result.problem}`);
        expect(result.regex.test(input)).toBe(new RegExp(source, given).test(input));
      }),
      { numRuns: 500 },
    );
  });

  it("matches a literal pattern exactly where the text contains it", () => {
    const piece = fc.string({ unit: fc.constantFrom("a", "(", "+", ")", "$", "\\", ".", "*", "[", "é"), maxLength: 6 });
    assertProperty(
      fc.property(piece, fc.array(piece, { maxLength: 4 }), (needle, parts) => {
        const haystack = parts.join(needle.slice(0, 2));
        const result = compileOrReport({ pattern: needle, flags: "", literal: true });
        if (!result.ok) throw new Error(result.problem);
        expect(result.regex.test(haystack)).toBe(haystack.includes(needle));
      }),
    );
  });
});
