import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
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
