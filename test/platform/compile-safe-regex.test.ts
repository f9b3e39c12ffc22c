import { describe, expect, it } from "vitest";
import {
  compileSafeRegex,
  MAX_REGEX_PATTERN_CHARS,
  MAX_REGEX_PROGRAM_SIZE,
  MAX_REGEX_WORK,
  type SafeRegex,
} from "../../src/platform/compile-safe-regex.js";

function compiled(pattern: string, flags = ""): SafeRegex {
  const result = compileSafeRegex({ pattern, flags });
  if (!result.ok) throw new Error(result.problem);
  return result.regex;
}

function problemOf(pattern: string, flags = ""): string {
  const result = compileSafeRegex({ pattern, flags });
  return result.ok ? "compiled" : result.problem;
}

const HINT = "patterns run on a linear-time engine, which has no backreferences or lookaround";

describe("compileSafeRegex", () => {
  it("answers catastrophic patterns at once, with the right answer", () => {
    expect(compiled("(a+)+$").test(`${"a".repeat(30)}!`)).toBe(false);
    expect(compiled("^(a+)+$").test("a".repeat(31))).toBe(true);
    expect(compiled("^(a|aa)+$").test(`${"a".repeat(5000)}!`)).toBe(false);
    expect(compiled("(x+x+)+y").test("x".repeat(10_000))).toBe(false);
  });

  it("translates JavaScript spellings: named groups, \\u escapes, \\cX, [^] and []", () => {
    expect(compiled("(?<word>b+)c").test("abbc")).toBe(true);
    expect(compiled("\\u0041\\u{1F600}").test("A😀")).toBe(true);
    expect(compiled("\\cJ").test("\n")).toBe(true);
    expect(compiled("a[^]b").test("a\nb")).toBe(true);
    expect(compiled("a[]").test("a")).toBe(false);
    expect(compiled("a/b").test("a/b")).toBe(true);
  });

  it("maps the i, m and s flags and accepts g, d and u without effect", () => {
    expect(compiled("abc", "i").test("xABCx")).toBe(true);
    expect(compiled("^b$", "m").test("a\nb\nc")).toBe(true);
    expect(compiled("^b$").test("a\nb\nc")).toBe(false);
    expect(compiled("a.b", "s").test("a\nb")).toBe(true);
    const global = compiled("b", "gdu");
    expect([global.test("abc"), global.test("abc")]).toEqual([true, true]);
  });

  it("names each unsupported construct with its offset", () => {
    expect(problemOf("(a)\\1")).toBe(`backreference \\1 (at offset 3) is not supported: ${HINT}`);
    expect(problemOf("(?<x>a)\\k<x>")).toBe(`named backreference \\k<x> (at offset 7) is not supported: ${HINT}`);
    expect(problemOf("a(?=b)")).toBe(`lookahead (?= (at offset 1) is not supported: ${HINT}`);
    expect(problemOf("a(?!b)")).toBe(`negative lookahead (?! (at offset 1) is not supported: ${HINT}`);
    expect(problemOf("(?<=a)b")).toBe(`lookbehind (?<= (at offset 0) is not supported: ${HINT}`);
    expect(problemOf("(?<!a)b")).toBe(`negative lookbehind (?<! (at offset 0) is not supported: ${HINT}`);
  });

  it("does not mistake escaped or bracketed text for those constructs", () => {
    expect(compiled("\\(?=x").test("=x")).toBe(true);
    expect(compiled("[(?=]+").test("?")).toBe(true);
    expect(compiled("\\\\1").test("\\1")).toBe(true);
    expect(compiled("[\\]\\\\1]").test("1")).toBe(true);
  });

  it("reports syntax errors in the engine's words", () => {
    expect(problemOf("(open")).toBe("missing closing ): `(open`");
    expect(problemOf("[z-a]")).toBe("invalid character class range: `z-a`");
    expect(problemOf("a**")).toBe("invalid nested repetition operator: `**`");
  });

  it("refuses unknown, repeated and unsupported flags", () => {
    expect(problemOf("a", "x")).toBe('unknown flag "x" (use i, m or s)');
    expect(problemOf("a", "ii")).toBe("flag i is repeated");
    expect(problemOf("a", "y")).toBe("flag y (sticky) is not supported");
    expect(problemOf("a", "v")).toBe("flag v (unicode sets) is not supported");
  });

  it("bounds the pattern's length and compiled size", () => {
    expect(problemOf("a".repeat(MAX_REGEX_PATTERN_CHARS))).toBe("compiled");
    expect(problemOf("a".repeat(MAX_REGEX_PATTERN_CHARS + 1))).toBe(
      `the pattern is ${MAX_REGEX_PATTERN_CHARS + 1} characters long, more than the ${MAX_REGEX_PATTERN_CHARS} allowed`,
    );
    expect(problemOf(".{1000}.{1000}.{1000}")).toMatch(
      new RegExp(
        `^the pattern is too large: it compiles to \\d+ instructions, more than the ${MAX_REGEX_PROGRAM_SIZE} allowed`,
      ),
    );
    const raised = compileSafeRegex({ pattern: "a".repeat(1500), maxPatternChars: 2000 });
    expect(raised.ok).toBe(true);
  });

  it("gives a search budget of the work limit divided by the compiled size", () => {
    const small = compiled("a");
    const large = compiled("[ab]{1000}");
    expect(small.searchBudgetChars).toBeGreaterThan(MAX_REGEX_WORK / 10);
    expect(large.searchBudgetChars).toBeLessThan(MAX_REGEX_WORK / 1000);
    expect(large.searchBudgetChars).toBeGreaterThan(MAX_REGEX_WORK / MAX_REGEX_PROGRAM_SIZE);
  });

  it("matches a literal pattern as plain text", () => {
    const result = compileSafeRegex({ pattern: "a.b(c)\\1", literal: true, flags: "i" });
    expect(result.ok && [result.regex.test("xA.B(C)\\1"), result.regex.test("axb(c)\\1")]).toEqual([true, false]);
  });
});
