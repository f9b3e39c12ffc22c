import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeTool } from "../../src/tools/write-tool.js";
import { callTool, createWorkspace, removeTestRoots, textOf, toolContext } from "./tool-test-helpers.js";

afterEach(removeTestRoots);

describe("write", () => {
  it("creates parent folders and reports the byte count", async () => {
    const workspace = createWorkspace();
    const result = await callTool(
      writeTool,
      { path: "memory/2026/note.md", content: "héllo\n" },
      toolContext(workspace),
    );
    expect({ text: textOf(result), isError: result.isError }).toEqual({
      text: "Wrote 7 bytes to memory/2026/note.md",
      isError: false,
    });
    expect(readFileSync(join(workspace.root, "memory/2026/note.md"), "utf8")).toBe("héllo\n");
  });

  it("overwrites an existing file, including with empty content", async () => {
    const workspace = createWorkspace({ "a.md": "old content" });
    await callTool(writeTool, { path: "@a.md", content: "new" }, toolContext(workspace));
    expect(readFileSync(join(workspace.root, "a.md"), "utf8")).toBe("new");
    const result = await callTool(writeTool, { path: "a.md", content: "" }, toolContext(workspace));
    expect(textOf(result)).toBe("Wrote 0 bytes to a.md");
    expect(readFileSync(join(workspace.root, "a.md"), "utf8")).toBe("");
  });

  it("refuses to replace a directory or the root", async () => {
    const workspace = createWorkspace({ "notes/a.md": "a" });
    const folder = await callTool(writeTool, { path: "notes", content: "x" }, toolContext(workspace));
    expect({ text: textOf(folder), isError: folder.isError }).toEqual({
      text: "Cannot write notes: it exists and is not a regular file",
      isError: true,
    });
    const root = await callTool(writeTool, { path: ".", content: "x" }, toolContext(workspace));
    expect(textOf(root)).toBe("Path is the workspace root, not a file: .");
  });

  it("requires content", async () => {
    const workspace = createWorkspace();
    const result = await callTool(writeTool, { path: "a.md" }, toolContext(workspace));
    expect(textOf(result)).toBe('Invalid arguments for write: "content" is required');
  });
});
