import { describe, expect, it } from "vitest";
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
    expect(globToRegExp(glob).test(path)).toBe(expected);
  });
});

describe("createGlobMatcher", () => {
  it("matches a glob without / against the name at any depth", () => {
    const matches = createGlobMatcher("*.md");
    expect(["a.md", "x/y/b.md", "x/c.txt", "md"].filter(matches)).toEqual(["a.md", "x/y/b.md"]);
  });

  it("matches a glob with / against the whole relative path, ignoring a leading ./", () => {
    const matches = createGlobMatcher("./memory/*.md");
    expect(["memory/a.md", "memory/x/b.md", "other/memory/a.md"].filter(matches)).toEqual(["memory/a.md"]);
  });
});
