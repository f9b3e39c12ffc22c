import { describe, expect, it } from "vitest";
import { MAX_REGEX_PATTERN_CHARS } from "../../src/platform/compile-safe-regex.js";
import { compileStarGlob } from "../../src/platform/compile-star-glob.js";

function matches(options: Parameters<typeof compileStarGlob>[0], text: string): boolean {
  const compiled = compileStarGlob(options);
  if (!compiled.ok) throw new Error(compiled.problem);
  return compiled.regex.test(text);
}

describe("compileStarGlob", () => {
  it("matches the whole text, * across / and newlines, everything else literal", () => {
    expect(matches({ glob: "touch *" }, "touch a/b\nc")).toBe(true);
    expect(matches({ glob: "touch *" }, "sudo touch x")).toBe(false);
    expect(matches({ glob: "a.b(c)[d]+$?" }, "a.b(c)[d]+$?")).toBe(true);
    expect(matches({ glob: "a.b" }, "axb")).toBe(false);
    expect(matches({ glob: "" }, "")).toBe(true);
  });

  it("reads ? as one character only when asked, and folds case when asked", () => {
    expect(matches({ glob: "rea?" }, "read")).toBe(false);
    expect(matches({ glob: "rea?", questionMark: true }, "read")).toBe(true);
    expect(matches({ glob: "memory_*", ignoreCase: true }, "Memory_Search")).toBe(true);
    expect(matches({ glob: "memory_*" }, "Memory_Search")).toBe(false);
  });

  it("answers a glob of many stars against a long run at once (a backtracking engine would not)", () => {
    const glob = `${"*a".repeat(12)}*b`;
    expect(matches({ glob }, "a".repeat(5000))).toBe(false);
    expect(matches({ glob }, `${"a".repeat(5000)}b`)).toBe(true);
  });

  it("refuses a glob over the length limit", () => {
    expect(compileStarGlob({ glob: "*".repeat(MAX_REGEX_PATTERN_CHARS + 1) })).toEqual({
      ok: false,
      problem: `the glob is ${MAX_REGEX_PATTERN_CHARS + 1} characters long, more than the ${MAX_REGEX_PATTERN_CHARS} allowed`,
    });
  });
});
