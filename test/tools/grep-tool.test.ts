import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { compileSafeRegex, MAX_REGEX_PATTERN_CHARS } from "../../src/platform/compile-safe-regex.js";
import { grepTool } from "../../src/tools/grep-tool.js";
import { callTool, createWorkspace, removeTestRoots, textOf, toolContext } from "./tool-test-helpers.js";

afterEach(removeTestRoots);

const files = {
  "MEMORY.md": "We chose GraphQL.\nNothing else.\n",
  "memory/2026-03-10.md": "# Day\nAPI refactor: GraphQL wins\nmore\ngraphql again\n",
  "notes/b.txt": "graphql in text\n",
  ".git/config": "GraphQL in git\n",
  "node_modules/x/index.js": "GraphQL in deps\n",
};

async function grep(input: Record<string, unknown>) {
  const workspace = createWorkspace(files);
  writeFileSync(join(workspace.root, "blob.bin"), Buffer.from("GraphQL\0binary"));
  const result = await callTool(grepTool, input, toolContext(workspace));
  return { text: textOf(result), isError: result.isError };
}

describe("grep", () => {
  it("searches files in sorted order, skipping .git, node_modules and binary files", async () => {
    expect(await grep({ pattern: "GraphQL" })).toEqual({
      text: ["MEMORY.md:1: We chose GraphQL.", "memory/2026-03-10.md:2: API refactor: GraphQL wins"].join("\n"),
      isError: false,
    });
  });

  it("supports ignoreCase, literal and regular expressions", async () => {
    expect((await grep({ pattern: "graphql", ignoreCase: true, path: "memory" })).text).toBe(
      ["memory/2026-03-10.md:2: API refactor: GraphQL wins", "memory/2026-03-10.md:4: graphql again"].join("\n"),
    );
    expect((await grep({ pattern: "GraphQL.", literal: true })).text).toBe("MEMORY.md:1: We chose GraphQL.");
    expect((await grep({ pattern: "^#\\s+\\w+$" })).text).toBe("memory/2026-03-10.md:1: # Day");
  });

  it("filters files with glob relative to the search path", async () => {
    expect((await grep({ pattern: "graphql", ignoreCase: true, glob: "*.txt" })).text).toBe(
      "notes/b.txt:1: graphql in text",
    );
    expect((await grep({ pattern: "graphql", ignoreCase: true, glob: "memory/**" })).text).toBe(
      ["memory/2026-03-10.md:2: API refactor: GraphQL wins", "memory/2026-03-10.md:4: graphql again"].join("\n"),
    );
  });

  it("searches a single file and prints context lines", async () => {
    expect((await grep({ pattern: "refactor", path: "@memory/2026-03-10.md", context: 1 })).text).toBe(
      [
        "memory/2026-03-10.md-1- # Day",
        "memory/2026-03-10.md:2: API refactor: GraphQL wins",
        "memory/2026-03-10.md-3- more",
      ].join("\n"),
    );
    expect((await grep({ pattern: "chose|again", context: 1 })).text).toBe(
      [
        "MEMORY.md:1: We chose GraphQL.",
        "MEMORY.md-2- Nothing else.",
        "--",
        "memory/2026-03-10.md-3- more",
        "memory/2026-03-10.md:4: graphql again",
      ].join("\n"),
    );
  });

  it("stops at the match limit with a note", async () => {
    expect((await grep({ pattern: "graphql", ignoreCase: true, limit: 2 })).text).toBe(
      [
        "MEMORY.md:1: We chose GraphQL.",
        "memory/2026-03-10.md:2: API refactor: GraphQL wins",
        "",
        "[Stopped at the limit of 2 matches; narrow the search or raise limit.]",
      ].join("\n"),
    );
  });

  it("reports no matches, an invalid regular expression and a missing path", async () => {
    expect(await grep({ pattern: "REST" })).toEqual({ text: "No matches found", isError: false });
    const invalid = await grep({ pattern: "(unclosed" });
    expect(invalid.isError).toBe(true);
    expect(invalid.text).toMatch(/^Invalid regular expression: /);
    expect(await grep({ pattern: "x", path: "nope" })).toEqual({ text: "Path not found: nope", isError: true });
  });
});

describe("grep patterns on the linear-time engine", () => {
  async function grepIn(fileText: string, input: Record<string, unknown>) {
    const workspace = createWorkspace({ "a.txt": fileText });
    const result = await callTool(grepTool, input, toolContext(workspace));
    return { text: textOf(result), isError: result.isError };
  }

  it("answers (a+)+$ on a 31-character line at once, with the right answer", async () => {
    const line = `${"a".repeat(30)}!`;
    expect(await grepIn(`${line}\n${"a".repeat(31)}\n`, { pattern: "(a+)+$" })).toEqual({
      text: `a.txt:2: ${"a".repeat(31)}`,
      isError: false,
    });
    expect(await grepIn(`${line}\n`, { pattern: "^(a+)+$" })).toEqual({ text: "No matches found", isError: false });
  });

  it("names backreferences and lookaround as unsupported", async () => {
    expect(await grepIn("abab\n", { pattern: "(ab)\\1" })).toEqual({
      text:
        "Invalid regular expression: backreference \\1 (at offset 4) is not supported: patterns run on a " +
        "linear-time engine, which has no backreferences or lookaround",
      isError: true,
    });
    const lookahead = await grepIn("abab\n", { pattern: "a(?=b)" });
    expect(lookahead.isError).toBe(true);
    expect(lookahead.text).toContain("lookahead (?= (at offset 1) is not supported");
  });

  it("treats a literal pattern as plain text, special characters included", async () => {
    expect(await grepIn("x(a+)+$y\naaa\n", { pattern: "(a+)+$", literal: true })).toEqual({
      text: "a.txt:1: x(a+)+$y",
      isError: false,
    });
  });

  it("refuses a pattern over the length limit and an invalid glob", async () => {
    const long = await grepIn("a\n", { pattern: "a".repeat(MAX_REGEX_PATTERN_CHARS + 1) });
    expect(long).toEqual({
      text: `Invalid regular expression: the pattern is ${MAX_REGEX_PATTERN_CHARS + 1} characters long, more than the ${MAX_REGEX_PATTERN_CHARS} allowed`,
      isError: true,
    });
    const glob = await grepIn("a\n", { pattern: "a", glob: "*".repeat(MAX_REGEX_PATTERN_CHARS + 1) });
    expect(glob.isError).toBe(true);
    expect(glob.text).toMatch(/^Invalid glob: the glob is 1001 characters long/);
  });

  it("stops at the pattern's search budget and says so", async () => {
    const compiled = compileSafeRegex({ pattern: "[ab]{1000}c" });
    if (!compiled.ok) throw new Error(compiled.problem);
    const budget = compiled.regex.searchBudgetChars;
    const line = "b".repeat(999);
    const lines = Array.from({ length: Math.ceil(budget / 1000) + 2 }, () => line);
    const result = await grepIn(`${lines.join("\n")}\n`, { pattern: "[ab]{1000}c" });
    expect(result.isError).toBe(false);
    const searched = Math.floor(budget / 1000) * 1000;
    expect(result.text).toBe(
      `No matches found\n\n[Stopped after searching ${searched} characters, all this pattern may search in one call; ` +
        "narrow path or glob, or simplify the pattern.]",
    );
  });
});
