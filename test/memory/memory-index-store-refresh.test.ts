import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveOpenClawConfig } from "../../src/config/resolve-openclaw-config.js";
import { type MemoryIndexStore, openMemoryIndexStore } from "../../src/memory/memory-index-store.js";
import { createSeededRandom } from "../../src/platform/create-seeded-random.js";
import { createTestRuntime, type TestRuntime } from "../../src/platform/create-test-runtime.js";

const NOTES = {
  "ws/MEMORY.md": "# Facts\nThe user lives on Anfu Road.\n",
  "ws/memory/2026-03-01.md": "Booked the dentist for Friday.\n",
  "ws/memory/2026-03-02.md": "Rotated the staging deploy key.\n",
};

function open(runtime: TestRuntime, file = "main.sqlite"): MemoryIndexStore {
  const settings = structuredClone(resolveOpenClawConfig({}).agents.defaults.memorySearch);
  settings.store.path = join(runtime.root, "state", file);
  const opened = openMemoryIndexStore({ runtime, workspaceDir: join(runtime.root, "ws"), agentId: "main", settings });
  if (!opened.ok) throw new Error(JSON.stringify(opened.diagnostics));
  return opened.index;
}

const chunkKeys = (index: MemoryIndexStore) =>
  index.connection.listChunks().map((chunk) => `${chunk.path}:${chunk.startLine}-${chunk.endLine}:${chunk.hash}`);

describe("the sync before a search (write log as the file watcher)", () => {
  it("syncs in full on first use, then nothing until something is written", async () => {
    const runtime = createTestRuntime({ files: NOTES });
    const index = open(runtime);
    const first = await index.refresh();
    expect(first.indexed).toEqual(["MEMORY.md", "memory/2026-03-01.md", "memory/2026-03-02.md"]);
    await runtime.fs.writeText(join(runtime.root, "ws", "SOUL.md"), "# Soul\n");
    expect(await index.refresh()).toMatchObject({ indexed: [], deleted: [], fullReindex: false });
    index.close();
  });

  it("re-indexes only the notes written through the runtime, and drops removed ones", async () => {
    const runtime = createTestRuntime({ files: NOTES });
    const index = open(runtime);
    await index.refresh();
    await runtime.fs.appendText(join(runtime.root, "ws/memory/2026-03-02.md"), "Then deleted the old key.\n");
    await runtime.fs.writeText(join(runtime.root, "ws/memory/trips/kyoto.md"), "Kyoto trip in April.\n");
    const second = await index.refresh();
    expect(second.indexed).toEqual(["memory/2026-03-02.md", "memory/trips/kyoto.md"]);
    const found = await index.search({ query: "Kyoto trip April", minScore: 0 });
    expect(found.hits[0]?.path).toBe("memory/trips/kyoto.md");
    await runtime.fs.remove(join(runtime.root, "ws/memory/trips/kyoto.md"));
    expect((await index.refresh()).deleted).toEqual(["memory/trips/kyoto.md"]);
    index.close();
  });

  it("misses edits made behind the runtime's back until a full sync, a shell command or a new index", async () => {
    const runtime = createTestRuntime({ files: NOTES });
    const index = open(runtime);
    await index.refresh();
    writeFileSync(join(runtime.root, "ws/memory/outside.md"), "Written by another program.\n");
    expect((await index.refresh()).indexed).toEqual([]);
    await runtime.exec({ command: "true", cwd: runtime.root, env: {}, timeoutMs: 5_000 });
    expect((await index.refresh()).indexed).toEqual(["memory/outside.md"]);
    writeFileSync(join(runtime.root, "ws/memory/later.md"), "Also written elsewhere.\n");
    expect((await index.sync()).indexed).toEqual(["memory/later.md"]);
    index.close();
  });

  it("leaves the index equal to a fresh full sync after any sequence of writes through the runtime", async () => {
    const runtime = createTestRuntime({ files: NOTES });
    const index = open(runtime);
    await index.refresh();
    const random = createSeededRandom(7);
    const names = ["memory/2026-03-01.md", "memory/2026-03-02.md", "memory/a/b.md", "MEMORY.md", "notes.md"];
    for (let step = 0; step < 40; step++) {
      const path = join(runtime.root, "ws", names[Math.floor(random() * names.length)]!);
      const action = random();
      if (action < 0.4) await runtime.fs.appendText(path, `Line ${step} about topic ${Math.floor(random() * 9)}.\n`);
      else if (action < 0.75) await runtime.fs.writeText(path, `Rewritten at step ${step}.\n`);
      else await runtime.fs.remove(path);
      if (random() < 0.5) await index.refresh();
    }
    await index.refresh();
    const fresh = open(runtime, "fresh.sqlite");
    await fresh.refresh();
    expect(chunkKeys(index)).toEqual(chunkKeys(fresh));
    expect(index.connection.listFiles().map((file) => [file.path, file.hash])).toEqual(
      fresh.connection.listFiles().map((file) => [file.path, file.hash]),
    );
    index.close();
    fresh.close();
  });
});
