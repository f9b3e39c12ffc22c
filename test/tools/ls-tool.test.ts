import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lsTool } from "../../src/tools/ls-tool.js";
import { callTool, createWorkspace, removeTestRoots, textOf, toolContext } from "./tool-test-helpers.js";

afterEach(removeTestRoots);

describe("ls", () => {
  it("lists the workspace root by default, sorted, folders with a trailing /", async () => {
    const workspace = createWorkspace({ "b.md": "", "a.md": "", "notes/x.md": "", ".hidden": "", "Z.md": "" });
    const result = await callTool(lsTool, {}, toolContext(workspace));
    expect({ text: textOf(result), isError: result.isError }).toEqual({
      text: [".hidden", "Z.md", "a.md", "b.md", "home/", "notes/"].join("\n"),
      isError: false,
    });
  });

  it("lists a sub-folder and notes entries beyond the limit", async () => {
    const workspace = createWorkspace({ "d/1": "", "d/2": "", "d/3": "" });
    expect(textOf(await callTool(lsTool, { path: "@d", limit: 2 }, toolContext(workspace)))).toBe(
      "1\n2\n\n[1 more entries not shown; 3 in total. Raise limit to see more.]",
    );
  });

  it("shows symlinks without following them out of the workspace", async () => {
    const workspace = createWorkspace({ "notes/a.md": "", "d/inner.md": "" });
    const outside = createWorkspace({ "secret.txt": "s", "dir/x": "" });
    symlinkSync(join(workspace.root, "d"), join(workspace.root, "notes/to-d"));
    symlinkSync(join(workspace.root, "notes/a.md"), join(workspace.root, "notes/to-a.md"));
    symlinkSync(join(outside.root, "dir"), join(workspace.root, "notes/out-dir"));
    symlinkSync(join(outside.root, "missing"), join(workspace.root, "notes/broken"));
    expect(textOf(await callTool(lsTool, { path: "notes" }, toolContext(workspace)))).toBe(
      [
        "a.md",
        "broken (symlink leading outside the workspace or broken)",
        "out-dir (symlink leading outside the workspace or broken)",
        "to-a.md",
        "to-d/",
      ].join("\n"),
    );
  });

  it("reports an empty folder, a file and a missing path", async () => {
    const workspace = createWorkspace({ "a.md": "" });
    const context = toolContext(workspace);
    expect(textOf(await callTool(lsTool, { path: "home" }, context))).toBe("(empty directory)");
    const file = await callTool(lsTool, { path: "a.md" }, context);
    expect({ text: textOf(file), isError: file.isError }).toEqual({ text: "Not a directory: a.md", isError: true });
    expect(textOf(await callTool(lsTool, { path: "nope" }, context))).toBe("Path not found: nope");
  });
});
