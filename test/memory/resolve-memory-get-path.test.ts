import { describe, expect, it } from "vitest";
import { resolveMemoryGetPath } from "../../src/memory/resolve-memory-get-path.js";

const WORKSPACE = "/home/u/ws";
const resolve = (path: string, extraPaths: string[] = []) =>
  resolveMemoryGetPath({ workspaceDir: WORKSPACE, path, extraPaths });

describe("resolveMemoryGetPath (memory.md §7.2)", () => {
  it.each([
    ["MEMORY.md", "/home/u/ws/MEMORY.md"],
    ["memory.md", "/home/u/ws/memory.md"],
    ["memory/2026-03-14.md", "/home/u/ws/memory/2026-03-14.md"],
    ["memory/archive/old.md", "/home/u/ws/memory/archive/old.md"],
    ["./memory/x.md", "/home/u/ws/memory/x.md"],
    ["/home/u/ws/memory/x.md", "/home/u/ws/memory/x.md"],
  ])("allows %s inside the workspace", (path, absolutePath) => {
    expect(resolve(path)).toEqual({ allowed: true, absolutePath, root: WORKSPACE });
  });

  it.each([
    "../x.md",
    "memory/../SOUL.md",
    "notes.txt",
    "memory/state.json",
    "SOUL.md",
    "notes.md",
    "memory",
    "",
    "   ",
    "/etc/memory/x.md",
    "/home/u/ws2/memory/x.md",
    "memory/x.md/..",
  ])("refuses %j", (path) => {
    expect(resolve(path)).toEqual({ allowed: false });
  });

  it("refuses session transcripts, which search may cite but memory_get never reads (memory.md §10)", () => {
    const sessionsDir = "/home/u/.openclaw/agents/main/sessions";
    for (const path of ["sessions/s1.jsonl", `${sessionsDir}/s1.jsonl`, "../.openclaw/agents/main/sessions/s1.jsonl"]) {
      expect(resolve(path), path).toEqual({ allowed: false });
      expect(resolve(path, [sessionsDir, "sessions"]), path).toEqual({ allowed: false });
    }
  });

  it("allows files inside an extra folder and an extra file itself, with that extra path as root", () => {
    const extras = ["../shared/notes", "docs/decisions.md", "/opt/kb"];
    expect(resolve("../shared/notes/a.md", extras)).toEqual({
      allowed: true,
      absolutePath: "/home/u/shared/notes/a.md",
      root: "/home/u/shared/notes",
    });
    expect(resolve("docs/decisions.md", extras)).toEqual({
      allowed: true,
      absolutePath: "/home/u/ws/docs/decisions.md",
      root: "/home/u/ws/docs/decisions.md",
    });
    expect(resolve("/opt/kb/deep/x.md", extras)).toMatchObject({ allowed: true, root: "/opt/kb" });
    expect(resolve("../shared/notes/a.txt", extras)).toEqual({ allowed: false });
    expect(resolve("../shared/other.md", extras)).toEqual({ allowed: false });
    expect(resolve("docs/other.md", extras)).toEqual({ allowed: false });
  });

  it("throws on a relative workspace directory instead of reading the process's cwd", () => {
    expect(() => resolveMemoryGetPath({ workspaceDir: "ws", path: "MEMORY.md", extraPaths: [] })).toThrow(/absolute/);
  });
});
