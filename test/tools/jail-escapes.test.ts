import { existsSync, linkSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Tool, ToolContext } from "../../src/domain/index.js";
import type { TestRuntime } from "../../src/platform/create-test-runtime.js";
import { type BuiltinToolName, createBuiltinTools } from "../../src/tools/create-builtin-tools.js";
import { callTool, createWorkspace, removeTestRoots, snapshotTree, textOf, toolContext } from "./tool-test-helpers.js";

const tools = createBuiltinTools();

/** Arguments that make each tool touch `path`, in the way most likely to do harm. */
/**
 * Every built-in tool that takes a path (`message`, `memory_search` and `process` take none;
 * `memory_get` answers its own refusal, tested in test/agent/create-memory-access.test.ts).
 */
type PathToolName = Exclude<BuiltinToolName, "message" | "memory_search" | "memory_get" | "process">;

const argumentsFor: Record<PathToolName, (path: string) => Record<string, unknown>> = {
  read: (path) => ({ path }),
  write: (path) => ({ path, content: "pwned" }),
  edit: (path) => ({ path, oldText: "SECRET", newText: "pwned" }),
  ls: (path) => ({ path }),
  grep: (path) => ({ pattern: "SECRET", path }),
  find: (path) => ({ pattern: "*", path }),
  exec: (path) => ({ command: "touch pwned", workdir: path }),
  sessions_spawn: (path) => ({ task: "summarise the notes", cwd: path }),
};

const ESCAPES = [
  "../secrets.txt",
  "@../secrets.txt",
  "notes/../../secrets.txt",
  "/etc/passwd",
  "memory/link.md",
  "linked",
  "linked/inner.txt",
  "linked/new.txt",
  "dangling.md",
  "~/secrets.txt",
  "~",
];

let workspace: TestRuntime;
let outside: string;
let context: ToolContext;
let before: Record<string, string>;

beforeEach(() => {
  workspace = createWorkspace({ "notes/a.md": "alpha SECRET\n", "MEMORY.md": "memo SECRET\n", "memory/day.md": "d\n" });
  // A sibling temp dir: the "outside" that every escape aims at; it is also HOME.
  outside = createWorkspace({ "secrets.txt": "TOP SECRET\n", "dir/inner.txt": "inner SECRET\n" }).root;
  symlinkSync(join(outside, "secrets.txt"), join(workspace.root, "memory/link.md"));
  symlinkSync(join(outside, "dir"), join(workspace.root, "linked"));
  symlinkSync(join(outside, "created-through-link.txt"), join(workspace.root, "dangling.md"));
  context = toolContext(workspace, { homeDir: outside });
  before = snapshotTree(outside);
});

afterEach(removeTestRoots);

describe.each(Object.keys(argumentsFor) as PathToolName[])("%s inside the workspace jail", (name) => {
  const tool: Tool = tools[name];

  it.each(ESCAPES)("refuses %j and leaves the outside untouched", async (path) => {
    const result = await callTool(tool, argumentsFor[name](path), context);
    expect({ text: textOf(result), isError: result.isError }).toEqual({
      text: `Path escapes workspace root: ${path}`,
      isError: true,
    });
    expect(snapshotTree(outside)).toEqual(before);
  });

  it("refuses an absolute path into the sibling folder", async () => {
    const path = join(outside, "secrets.txt");
    const result = await callTool(tool, argumentsFor[name](path), context);
    expect(textOf(result)).toBe(`Path escapes workspace root: ${path}`);
    expect(snapshotTree(outside)).toEqual(before);
  });
});

describe("accepted path forms", () => {
  it.each(["@notes/a.md", "./memory/../notes/a.md"])("read, write, edit and grep accept %j", async (path) => {
    for (const name of ["read", "grep", "edit", "write"] as const) {
      const result = await callTool(tools[name], argumentsFor[name](path), context);
      expect(result.isError, `${name}: ${textOf(result)}`).toBe(false);
    }
    expect(readFileSync(join(workspace.root, "notes/a.md"), "utf8")).toBe("pwned");
  });

  it.each(["@notes", "./memory/../notes"])("ls and find accept %j", async (path) => {
    expect(textOf(await callTool(tools.ls, { path }, context))).toBe("a.md");
    expect(textOf(await callTool(tools.find, { pattern: "*", path }, context))).toBe("notes/a.md");
  });
});

describe("recursive tools never leave the workspace", () => {
  it("grep and find over the root do not follow symlinks out", async () => {
    expect(textOf(await callTool(tools.grep, { pattern: "SECRET" }, context))).toBe(
      "MEMORY.md:1: memo SECRET\nnotes/a.md:1: alpha SECRET",
    );
    const found = textOf(await callTool(tools.find, { pattern: "**" }, context));
    expect(found).not.toContain("inner");
    expect(found).toContain("linked");
  });

  it("write and edit refuse a file hard-linked from outside", async () => {
    linkSync(join(outside, "secrets.txt"), join(workspace.root, "hard.txt"));
    for (const name of ["write", "edit"] as const) {
      const result = await callTool(tools[name], argumentsFor[name]("hard.txt"), context);
      expect(textOf(result)).toBe("Path escapes workspace root: hard.txt");
    }
    expect(snapshotTree(outside)).toEqual(before);
  });

  it("write through a dangling symlink creates nothing outside", async () => {
    await callTool(tools.write, { path: "dangling.md", content: "x" }, context);
    expect(existsSync(join(outside, "created-through-link.txt"))).toBe(false);
  });
});
