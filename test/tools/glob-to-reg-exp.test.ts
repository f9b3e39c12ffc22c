import { describe, expect, it } from "vitest";
import { MAX_REGEX_PATTERN_CHARS } from "../../src/platform/compile-safe-regex.js";
import { createGlobMatcher, globToRegExp } from "../../src/tools/glob-to-reg-exp.js";

describe("globToRegExp", () => {
  it.each([
    ["*.md", "a.md", true],
    ["*.md", "dir/a.md", false],
    ["*.md", ".hidden.md", true],
    ["a?c", "abc", true],
    ["a?c", "a/c", false],
    ["**/*.md", "a.md", true],
    ["**/*.md", "x/y/a.md", true],
    ["**/*.md", "x/y/a.txt", false],
    ["src/**/x.ts", "src/x.ts", true],
    ["src/**/x.ts", "src/a/b/x.ts", true],
    ["src/**/x.ts", "srcx.ts", false],
    ["src/**", "src/a/b", true],
    ["src/**", "src", false],
    ["**", "any/thing", true],
    ["a**b", "a/x/b", true],
    ["*.{md,txt}", "a.txt", true],
    ["*.{md,txt}", "a.json", false],
    ["{a,b/{c,d}}.md", "b/d.md", true],
    ["{a,b/{c,d}}.md", "b/e.md", false],
    ["{a,b", "{a,b", true],
    ["a.b(c)[d]+$", "a.b(c)[d]+$", true],
    ["a.b", "axb", false],
    ["\\*.md", "*.md", true],
    ["\\*.md", "a.md", false],
    ["", "", true],
  ])("%j against %j is %s", (glob, path, expected) => {
    const compiled = globToRegExp({ glob });
    expect(compiled.ok && compiled.regex.test(path)).toBe(expected);
  });

  it("matches case-insensitively when asked", () => {
    const compiled = globToRegExp({ glob: "/usr/bin/*", ignoreCase: true });
    expect(compiled.ok && compiled.regex.test("/USR/BIN/LS")).toBe(true);
  });

  it("never backtracks: a glob of many stars against a long name answers at once", () => {
    const compiled = globToRegExp({ glob: `${"*a".repeat(40)}*b` });
    expect(compiled.ok && compiled.regex.test("a".repeat(200))).toBe(false);
  });

  it("refuses a glob over the length limit, saying so", () => {
    expect(globToRegExp({ glob: "a".repeat(MAX_REGEX_PATTERN_CHARS + 1) })).toEqual({
      ok: false,
      problem: `the glob is ${MAX_REGEX_PATTERN_CHARS + 1} characters long, more than the ${MAX_REGEX_PATTERN_CHARS} allowed`,
    });
  });
});

function matcher(glob: string): (path: string) => boolean {
  const created = createGlobMatcher(glob);
  if (!created.ok) throw new Error(created.problem);
  return created.matches;
}

describe("createGlobMatcher", () => {
  it("matches a glob without / against the name at any depth", () => {
    const matches = matcher("*.md");
    expect(["a.md", "x/y/b.md", "x/c.txt", "md"].filter(matches)).toEqual(["a.md", "x/y/b.md"]);
  });

  it("matches a glob with / against the whole relative path, ignoring a leading ./", () => {
    const matches = matcher("./memory/*.md");
    expect(["memory/a.md", "memory/x/b.md", "other/memory/a.md"].filter(matches)).toEqual(["memory/a.md"]);
  });
});
