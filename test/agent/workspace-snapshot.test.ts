import { appendFileSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diffWorkspaceSnapshots } from "../../src/agent/diff-workspace-snapshots.js";
import { loadWorkspaceSnapshot } from "../../src/agent/load-workspace-snapshot.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";

const TARGET = "memory/2026-03-11.md";

function workspace() {
  const runtime = createTestRuntime({
    files: {
      "MEMORY.md": "# Memory\n",
      "SOUL.md": "# Soul\n",
      [TARGET]: "- first entry\n",
      "memory/old.md": "old\n",
      "state/session.jsonl": "{}\n",
    },
  });
  const root = runtime.root;
  const load = () =>
    loadWorkspaceSnapshot({
      fs: runtime.fs,
      workspaceDir: root,
      exclude: [join(root, "state"), runtime.homeDir],
      keep: [TARGET],
    });
  return { root, load, path: (name: string) => join(root, name) };
}

describe("workspace snapshots", () => {
  it("see no change when nothing changed, and leave out excluded folders and symbolic links", async () => {
    const { load, path } = workspace();
    const before = await load();
    expect([...before.hashes.keys()]).toEqual(["MEMORY.md", "SOUL.md", TARGET, "memory/old.md"]);
    writeFileSync(path("state/session.jsonl"), "{}\n{}\n");
    symlinkSync(path("SOUL.md"), path("memory/link.md"));
    expect(diffWorkspaceSnapshots(before, await load())).toEqual([]);
  });

  it("list created, deleted and modified files by path, and whether the kept file's bytes stayed a prefix", async () => {
    const { load, path } = workspace();
    const before = await load();
    appendFileSync(path(TARGET), "- second entry\n");
    writeFileSync(path("SOUL.md"), "# Soul, rewritten\n");
    rmSync(path("memory/old.md"));
    mkdirSync(path("notes"));
    writeFileSync(path("notes/new.md"), "new\n");
    expect(diffWorkspaceSnapshots(before, await load())).toEqual([
      { path: "SOUL.md", change: "modified" },
      { path: TARGET, change: "modified", prefixKept: true },
      { path: "memory/old.md", change: "deleted" },
      { path: "notes/new.md", change: "created" },
    ]);
  });

  it("see a rewritten kept file as modified without its prefix", async () => {
    const { load, path } = workspace();
    const before = await load();
    writeFileSync(path(TARGET), "- replaced entry\n- first entry\n");
    expect(diffWorkspaceSnapshots(before, await load())).toEqual([
      { path: TARGET, change: "modified", prefixKept: false },
    ]);
  });
});
