import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { auditMemories } from "../../src/agent/audit-memories.js";
import { createMemoryAccess, type MemoryAccess } from "../../src/agent/create-memory-access.js";
import { createTestRuntime, type TestRuntime } from "../../src/platform/create-test-runtime.js";

const NOTES = {
  "MEMORY.md": "# Memory\n\n- Alice lives in Xuhui District, Shanghai.\n",
  "memory/2026-03-10.md": "# 2026-03-10\n\n- Billing API refactor: decided on GraphQL.\n",
};

const opened: MemoryAccess[] = [];
function access(runtime: TestRuntime, agentId = "main", config: Record<string, unknown> = {}) {
  const memory = createMemoryAccess({ runtime, workspaceDir: runtime.root, config, agentId, provider: "scripted" });
  opened.push(memory);
  return memory;
}

afterEach(() => {
  for (const memory of opened.splice(0)) memory.close();
});

describe("MemoryAccess.audit", () => {
  it("audits nothing when no index was opened, unless asked to open one", async () => {
    const runtime = createTestRuntime({ files: NOTES });
    const memory = access(runtime);
    expect(await memory.audit()).toBeUndefined();
    const result = await memory.audit({ open: true });
    expect(result?.audit).toMatchObject({ ok: true, files: 2, problems: [] });
    expect(result?.notes.map((note) => note.path)).toEqual(["MEMORY.md", "memory/2026-03-10.md"]);
    const disabled = access(runtime, "main", { agents: { defaults: { memorySearch: { enabled: false } } } });
    expect(await disabled.audit({ open: true })).toBeUndefined();
  });

  it("syncs before auditing, so a note deleted through the runtime after the last search leaves no stale row", async () => {
    const runtime = createTestRuntime({ files: NOTES });
    const memory = access(runtime);
    await memory.serviceFor("agent:main:main")?.search({ query: "GraphQL billing" });
    await runtime.fs.remove(join(runtime.root, "memory/2026-03-10.md"));
    const result = await memory.audit();
    expect(result?.audit).toMatchObject({ ok: true, files: 1, problems: [] });
    expect(result?.notes.map((note) => note.path)).toEqual(["MEMORY.md"]);
  });

  it("reports a note deleted behind the runtime's back as a stale row: searches would not see it go", async () => {
    const runtime = createTestRuntime({ files: NOTES });
    const memory = access(runtime);
    await memory.serviceFor("agent:main:main")?.search({ query: "GraphQL billing" });
    rmSync(join(runtime.root, "memory/2026-03-10.md"));
    const result = await memory.audit();
    expect(result?.audit.ok).toBe(false);
    expect(result?.audit.problems.map((problem) => problem.path)).toContain("memory/2026-03-10.md");
  });

  it("combines the audits of several agents over one workspace, notes once each", async () => {
    const runtime = createTestRuntime({ files: NOTES });
    const accesses = new Map([
      ["main", access(runtime, "main")],
      ["helper", access(runtime, "helper")],
    ]);
    expect(await auditMemories({ accesses })).toBeUndefined();
    const result = await auditMemories({ accesses, openFor: "main" });
    expect(result?.audit.files).toBe(2);
    await accesses.get("helper")?.serviceFor("agent:helper:main")?.search({ query: "Alice" });
    const both = await auditMemories({ accesses });
    expect(both?.audit).toMatchObject({ ok: true, files: 4 });
    expect(both?.notes.map((note) => note.path)).toEqual(["MEMORY.md", "memory/2026-03-10.md"]);
  });
});
