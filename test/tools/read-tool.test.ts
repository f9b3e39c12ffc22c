import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { READ_MAX_CHARS, READ_MAX_LINES, readTool } from "../../src/tools/read-tool.js";
import { callTool, createWorkspace, removeTestRoots, textOf, toolContext } from "./tool-test-helpers.js";

afterEach(removeTestRoots);

function numbered(count: number): string {
  return Array.from({ length: count }, (_, index) => `line ${index + 1}`).join("\n");
}

async function read(files: Record<string, string>, input: Record<string, unknown>) {
  const workspace = createWorkspace(files);
  const result = await callTool(readTool, input, toolContext(workspace));
  return { text: textOf(result), isError: result.isError, workspace };
}

describe("read", () => {
  it("returns the whole text of a small file", async () => {
    expect(await read({ "notes/a.md": "# A\n\nbody\n" }, { path: "notes/a.md" })).toMatchObject({
      text: "# A\n\nbody",
      isError: false,
    });
  });

  it("reads a slice with offset and limit and says how to continue", async () => {
    const { text } = await read({ "a.txt": numbered(10) }, { path: "a.txt", offset: 3, limit: 2 });
    expect(text).toBe("line 3\nline 4\n\n[Showing lines 3-4 of 10. Use offset=5 to continue.]");
    const tail = await read({ "a.txt": numbered(10) }, { path: "a.txt", offset: 9 });
    expect(tail.text).toBe("line 9\nline 10");
  });

  it("caps a long file at the line limit", async () => {
    const { text } = await read({ "big.txt": numbered(READ_MAX_LINES + 5) }, { path: "big.txt" });
    expect(text.split("\n")).toHaveLength(READ_MAX_LINES + 2);
    expect(
      text.endsWith(
        `[Showing lines 1-${READ_MAX_LINES} of ${READ_MAX_LINES + 5}. Use offset=${READ_MAX_LINES + 1} to continue.]`,
      ),
    ).toBe(true);
  });

  it("caps output at the character limit on a line boundary", async () => {
    const line = "y".repeat(999);
    const content = Array.from({ length: 80 }, () => line).join("\n");
    const { text } = await read({ "wide.txt": content }, { path: "wide.txt" });
    expect(text.endsWith("[Showing lines 1-50 of 80. Use offset=51 to continue.]")).toBe(true);
    const single = await read({ "one.txt": `${"z".repeat(READ_MAX_CHARS + 5)}\nnext` }, { path: "one.txt" });
    expect(single.text.endsWith(`only its start is shown. Use offset=2 to continue after it.]`)).toBe(true);
  });

  it("reports an empty file without returning empty content", async () => {
    expect((await read({ "e.md": "" }, { path: "e.md" })).text).toBe("(empty file)");
  });

  it("returns clear errors for a directory, a missing file, a binary file and a bad offset", async () => {
    const workspace = createWorkspace({ "notes/a.md": "a\nb\n" });
    writeFileSync(join(workspace.root, "image.png"), Buffer.from([0x89, 0x50, 0x00, 0x01]));
    const context = toolContext(workspace);
    const cases: [Record<string, unknown>, string][] = [
      [{ path: "notes" }, "Path is a directory, not a file: notes (use ls to list it)"],
      [{ path: "missing.md" }, "File not found: missing.md"],
      [{ path: "image.png" }, "Cannot read binary file: image.png (4 bytes)"],
      [{ path: "notes/a.md", offset: 5 }, "Offset 5 is past the end of notes/a.md (2 lines)"],
      [{ path: "." }, "Path is the workspace root, not a file: ."],
      [{ path: "notes/a.md", offset: 0 }, 'Invalid arguments for read: "offset" must be an integer ≥ 1'],
    ];
    for (const [input, message] of cases) {
      const result = await callTool(readTool, input, context);
      expect({ text: textOf(result), isError: result.isError }).toEqual({ text: message, isError: true });
    }
  });

  it("follows the spec's path forms", async () => {
    const files = { "notes/a.md": "A", "MEMORY.md": "M" };
    expect((await read(files, { path: "@notes/a.md" })).text).toBe("A");
    expect((await read(files, { path: "./memory/../MEMORY.md" })).text).toBe("M");
    const workspace = createWorkspace(files);
    expect(textOf(await callTool(readTool, { path: join(workspace.root, "MEMORY.md") }, toolContext(workspace)))).toBe(
      "M",
    );
  });
});
