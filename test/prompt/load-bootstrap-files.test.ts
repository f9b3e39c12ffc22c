import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  createTestRuntime as createRuntimeInTempDir,
  type TestRuntimeOptions,
} from "../../src/platform/create-test-runtime.js";
import { BOOTSTRAP_READ_LIMIT_BYTES } from "../../src/prompt/bootstrap-files.js";
import { budgetContextFiles } from "../../src/prompt/budget-context-files.js";
import { loadBootstrapFiles } from "../../src/prompt/load-bootstrap-files.js";

const FIXED = ["AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md", "USER.md", "HEARTBEAT.md", "BOOTSTRAP.md"];
const defaults = { maxChars: 20_000, totalMaxChars: 150_000 };
const roots: string[] = [];

function createTestRuntime(options?: TestRuntimeOptions) {
  const runtime = createRuntimeInTempDir(options);
  roots.push(runtime.root);
  return runtime;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("loadBootstrapFiles (spec/prompt.md §9.1-9.2)", () => {
  it("loads the fixed files in order, then existing memory files; §9.5 example blocks", async () => {
    const runtime = createTestRuntime({ files: { "w/AGENTS.md": "agents\n", "w/USER.md": "", "w/memory.md": "m" } });
    const ws = join(runtime.root, "w");
    const loaded = await loadBootstrapFiles(ws, runtime);
    expect(loaded.files.map((file) => [file.name, file.missing])).toEqual([
      ...FIXED.map((name) => [name, !["AGENTS.md", "USER.md"].includes(name)]),
      ["memory.md", false],
    ]);
    expect(loaded.files[0]).toEqual({
      name: "AGENTS.md",
      path: join(ws, "AGENTS.md"),
      content: "agents\n",
      missing: false,
    });
    expect(loaded.diagnostics).toEqual([]);
    const blocks = budgetContextFiles(loaded.files, defaults).contextFiles;
    expect(blocks.map((block) => block.path)).toEqual(
      ["AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md", "HEARTBEAT.md", "BOOTSTRAP.md", "memory.md"].map((name) =>
        join(ws, name),
      ),
    );
    expect(blocks[0]?.content).toBe("agents");
    expect(blocks[1]?.content).toBe(`[MISSING] Expected at: ${join(ws, "SOUL.md")}`);
  });

  it("lists both MEMORY.md and memory.md when they are distinct files, MEMORY.md first", async () => {
    const runtime = createTestRuntime({ files: { "w/memory.md": "lower", "w/MEMORY.md": "upper" } });
    const loaded = await loadBootstrapFiles(join(runtime.root, "w"), runtime);
    expect(loaded.files.slice(7).map((file) => [file.name, file.content])).toEqual([
      ["MEMORY.md", "upper"],
      ["memory.md", "lower"],
    ]);
  });

  it("lists only MEMORY.md when memory.md resolves to the same real file", async () => {
    const runtime = createTestRuntime({ files: { "w/MEMORY.md": "upper" } });
    symlinkSync(join(runtime.root, "w/MEMORY.md"), join(runtime.root, "w/memory.md"));
    const loaded = await loadBootstrapFiles(join(runtime.root, "w"), runtime);
    expect(loaded.files.slice(7).map((file) => file.name)).toEqual(["MEMORY.md"]);
  });

  it("treats a symlink escaping the workspace as missing, with a symlink-escape diagnostic", async () => {
    const runtime = createTestRuntime({ files: { "outside/secret.md": "secret", "w/inside.md": "inside" } });
    const ws = join(runtime.root, "w");
    symlinkSync(join(runtime.root, "outside/secret.md"), join(ws, "SOUL.md"));
    symlinkSync(join(ws, "inside.md"), join(ws, "USER.md"));
    const loaded = await loadBootstrapFiles(ws, runtime);
    expect(loaded.files[1]).toEqual({ name: "SOUL.md", path: join(ws, "SOUL.md"), missing: true });
    expect(loaded.files[4]).toMatchObject({ name: "USER.md", content: "inside", missing: false });
    expect(loaded.warnings).toEqual([{ path: join(ws, "SOUL.md"), reason: "symlink-escape" }]);
    expect(loaded.diagnostics).toEqual([
      expect.objectContaining({
        file: join(ws, "SOUL.md"),
        severity: "warning",
        found: expect.stringMatching(/^symlink-escape/),
      }),
    ]);
    const blocks = budgetContextFiles(loaded.files, defaults).contextFiles;
    expect(blocks[1]?.content).toBe(`[MISSING] Expected at: ${join(ws, "SOUL.md")}`);
  });

  it("rejects files over 2 MiB and non-files, and accepts exactly 2 MiB", async () => {
    const runtime = createTestRuntime({ files: { "w/.keep": "" } });
    const ws = join(runtime.root, "w");
    writeFileSync(join(ws, "AGENTS.md"), "a".repeat(BOOTSTRAP_READ_LIMIT_BYTES));
    writeFileSync(join(ws, "TOOLS.md"), "t".repeat(BOOTSTRAP_READ_LIMIT_BYTES + 1));
    mkdirSync(join(ws, "USER.md"));
    const loaded = await loadBootstrapFiles(ws, runtime);
    expect(loaded.files[0]?.missing).toBe(false);
    expect(loaded.warnings).toEqual([
      { path: join(ws, "TOOLS.md"), reason: "oversize" },
      { path: join(ws, "USER.md"), reason: "not-a-file" },
    ]);
    expect(loaded.diagnostics.map((diagnostic) => diagnostic.found.split(" ")[0])).toEqual(["oversize", "not-a-file"]);
  });

  it("expands ~ against the runtime's home directory", async () => {
    const runtime = createTestRuntime({ files: { "home/ws/AGENTS.md": "home agents" } });
    const loaded = await loadBootstrapFiles("~/ws", runtime);
    expect(loaded.files[0]).toEqual({
      name: "AGENTS.md",
      path: join(runtime.homeDir, "ws", "AGENTS.md"),
      content: "home agents",
      missing: false,
    });
  });

  it("reports every fixed file missing, without diagnostics, for a workspace that does not exist", async () => {
    const runtime = createTestRuntime();
    const loaded = await loadBootstrapFiles(join(runtime.root, "nope"), runtime);
    expect(loaded.files.map((file) => [file.name, file.missing])).toEqual(FIXED.map((name) => [name, true]));
    expect(loaded.diagnostics).toEqual([]);
  });
});
