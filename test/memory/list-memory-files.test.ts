import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listMemoryFiles } from "../../src/memory/list-memory-files.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";

function workspace() {
  const runtime = createTestRuntime({
    files: {
      "ws/MEMORY.md": "# long-term",
      "ws/memory.md": "# lower-case twin",
      "ws/memory/2026-03-14.md": "daily",
      "ws/memory/sub/deep/projects.md": "topic",
      "ws/memory/heartbeat-state.json": "{}",
      "ws/memory/notes.txt": "not markdown",
      "ws/docs/notes.md": "extra",
      "ws/docs/more/a.md": "extra nested",
      "ws/docs/readme.txt": "not markdown",
      "ws/SOUL.md": "not memory",
      "outside/x.md": "outside the workspace",
      "target/secret.md": "behind a symlink",
    },
  });
  const ws = join(runtime.root, "ws");
  symlinkSync(join(runtime.root, "target/secret.md"), join(ws, "memory/link.md"));
  symlinkSync(join(runtime.root, "target"), join(ws, "memory/linked-dir"));
  symlinkSync(join(ws, "docs"), join(ws, "alias"));
  mkdirSync(join(ws, "memory/empty"));
  return { runtime, ws };
}

describe("listMemoryFiles", () => {
  it("lists MEMORY.md, memory.md and memory/**/*.md, skipping symlinks and non-Markdown files", async () => {
    const { runtime, ws } = workspace();
    const listing = await listMemoryFiles({ fs: runtime.fs, workspaceDir: ws });
    expect(listing).toEqual({
      files: [
        { path: "MEMORY.md", absolutePath: join(ws, "MEMORY.md"), source: "memory" },
        { path: "memory.md", absolutePath: join(ws, "memory.md"), source: "memory" },
        { path: "memory/2026-03-14.md", absolutePath: join(ws, "memory/2026-03-14.md"), source: "memory" },
        {
          path: "memory/sub/deep/projects.md",
          absolutePath: join(ws, "memory/sub/deep/projects.md"),
          source: "memory",
        },
      ],
      diagnostics: [],
    });
  });

  it("adds extra files and folders (relative or absolute), deduped by real path and sorted by bytes", async () => {
    const { runtime, ws } = workspace();
    const listing = await listMemoryFiles({
      fs: runtime.fs,
      workspaceDir: ws,
      extraPaths: [
        "docs",
        "alias/notes.md",
        "memory",
        join(runtime.root, "outside/x.md"),
        "docs/readme.txt",
        "missing/folder",
        "alias",
        "memory/link.md",
      ],
    });
    expect(listing.files.map((file) => file.path)).toEqual([
      "../outside/x.md",
      "MEMORY.md",
      "docs/more/a.md",
      "docs/notes.md",
      "memory.md",
      "memory/2026-03-14.md",
      "memory/sub/deep/projects.md",
    ]);
    expect(listing.files[0]?.absolutePath).toBe(join(runtime.root, "outside/x.md"));
  });

  it("lists nothing for a workspace without memory files", async () => {
    const runtime = createTestRuntime({ files: { "ws/AGENTS.md": "rules" } });
    expect(await listMemoryFiles({ fs: runtime.fs, workspaceDir: join(runtime.root, "ws") })).toEqual({
      files: [],
      diagnostics: [],
    });
  });

  it("skips a symlinked MEMORY.md and a symlinked memory folder", async () => {
    const runtime = createTestRuntime({
      files: { "real/MEMORY.md": "x", "real/memory/a.md": "y", "ws/AGENTS.md": "" },
    });
    const ws = join(runtime.root, "ws");
    symlinkSync(join(runtime.root, "real/MEMORY.md"), join(ws, "MEMORY.md"));
    symlinkSync(join(runtime.root, "real/memory"), join(ws, "memory"));
    expect((await listMemoryFiles({ fs: runtime.fs, workspaceDir: ws })).files).toEqual([]);
  });
});
