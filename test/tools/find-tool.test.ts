import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findTool } from "../../src/tools/find-tool.js";
import { callTool, createWorkspace, removeTestRoots, textOf, toolContext } from "./tool-test-helpers.js";

afterEach(removeTestRoots);

const files = {
  "MEMORY.md": "",
  "memory/2026-03-10.md": "",
  "memory/2026-03-11.md": "",
  "memory/old/2025.md": "",
  "notes/a.txt": "",
  "notes/b.md": "",
  ".git/HEAD.md": "",
  "node_modules/x/readme.md": "",
};

describe("find", () => {
  it("matches names at any depth, sorted, skipping .git and node_modules", async () => {
    const workspace = createWorkspace(files);
    expect(textOf(await callTool(findTool, { pattern: "*.md" }, toolContext(workspace)))).toBe(
      ["MEMORY.md", "memory/2026-03-10.md", "memory/2026-03-11.md", "memory/old/2025.md", "notes/b.md"].join("\n"),
    );
  });

  it("matches a pattern with / against the path relative to the search folder", async () => {
    const workspace = createWorkspace(files);
    const context = toolContext(workspace);
    expect(textOf(await callTool(findTool, { pattern: "*.md", path: "memory" }, context))).toBe(
      ["memory/2026-03-10.md", "memory/2026-03-11.md", "memory/old/2025.md"].join("\n"),
    );
    expect(textOf(await callTool(findTool, { pattern: "*/*.md", path: "./memory/../memory" }, context))).toBe(
      "memory/old/2025.md",
    );
    expect(textOf(await callTool(findTool, { pattern: "{notes,memory/old}/*.{md,txt}" }, context))).toBe(
      ["memory/old/2025.md", "notes/a.txt", "notes/b.md"].join("\n"),
    );
  });

  it("lists folders with a trailing / and symlinks without descending into them", async () => {
    const workspace = createWorkspace(files);
    const outside = createWorkspace({ "dir/secret.md": "" });
    symlinkSync(join(outside.root, "dir"), join(workspace.root, "notes/linked"));
    expect(textOf(await callTool(findTool, { pattern: "*", path: "notes" }, toolContext(workspace)))).toBe(
      ["notes/a.txt", "notes/b.md", "notes/linked"].join("\n"),
    );
    expect(textOf(await callTool(findTool, { pattern: "m*" }, toolContext(workspace)))).toBe("memory/");
  });

  it("applies the limit with a note, and reports no match, a file path and a missing path", async () => {
    const workspace = createWorkspace(files);
    const context = toolContext(workspace);
    expect(textOf(await callTool(findTool, { pattern: "**/*.md", limit: 2 }, context))).toBe(
      "MEMORY.md\nmemory/2026-03-10.md\n\n[3 more paths not shown; 5 in total. Raise limit or narrow the pattern.]",
    );
    expect(textOf(await callTool(findTool, { pattern: "*.pdf" }, context))).toBe("No paths match *.pdf");
    expect(textOf(await callTool(findTool, { pattern: "*", path: "MEMORY.md" }, context))).toBe(
      "Not a directory: MEMORY.md",
    );
    expect(textOf(await callTool(findTool, { pattern: "*", path: "nope" }, context))).toBe("Path not found: nope");
  });
});
