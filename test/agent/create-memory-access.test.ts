import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryAccess, type MemoryAccess } from "../../src/agent/create-memory-access.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";

const NOTES = {
  "MEMORY.md": "# Memory\n\n- Alice lives in Xuhui District, Shanghai.\n",
  "memory/2025-12-01.md": "# 2025-12-01\n\n- Old address: Alice lived at 12 Wulumuqi Road.\n",
  "memory/2026-03-10.md": "# 2026-03-10\n\n- Billing API refactor: decided on GraphQL. Priya agreed.\n",
  "SOUL.md": "# Soul\n\nsecret persona text\n",
};

const opened: MemoryAccess[] = [];
function access(config: Record<string, unknown> = {}, env: Record<string, string> = {}) {
  const runtime = createTestRuntime({ files: NOTES, now: Date.parse("2026-03-11T09:00:00Z"), env });
  const memory = createMemoryAccess({
    runtime,
    workspaceDir: runtime.root,
    config,
    agentId: "main",
    provider: "scripted",
  });
  opened.push(memory);
  return { memory, runtime };
}

afterEach(() => {
  for (const memory of opened.splice(0)) memory.close();
});

describe("createMemoryAccess", () => {
  it("searches the workspace notes with scores, snippets and citations in a direct session", async () => {
    const { memory } = access();
    const service = memory.serviceFor("agent:main:main");
    const result = (await service?.search({ query: "GraphQL billing refactor" })) as {
      results: { path: string; citation?: string; snippet: string; score: number }[];
      mode: string;
      provider: string;
    };
    expect(result.provider).toBe("hash");
    expect(result.mode).toBe("hybrid");
    expect(result.results[0]?.path).toBe("memory/2026-03-10.md");
    expect(result.results[0]?.citation).toMatch(/^memory\/2026-03-10\.md#L1(-L\d+)?$/);
    expect(result.results[0]?.snippet).toContain("Source: memory/2026-03-10.md#L");
  });

  it("reads notes with memory_get and refuses other files, escapes and symlinks out of memory", async () => {
    const { memory, runtime } = access();
    symlinkSync(join(runtime.root, "SOUL.md"), join(runtime.root, "memory", "link.md"));
    const service = memory.serviceFor("agent:main:main");
    expect(await service?.get({ path: "memory/2026-03-10.md", from: 3, lines: 1 })).toEqual({
      path: "memory/2026-03-10.md",
      text: "- Billing API refactor: decided on GraphQL. Priya agreed.",
    });
    const outside = join(runtime.root, "..", "outside.md");
    for (const path of [
      "SOUL.md",
      "memory/../SOUL.md",
      "../x.md",
      "memory/link.md",
      outside,
      "~/x.md",
      "memory/notes.txt",
    ]) {
      expect(await service?.get({ path })).toMatchObject({ path, text: "", disabled: true });
    }
    expect(await service?.get({ path: "memory/2026-01-01.md" })).toEqual({ path: "memory/2026-01-01.md", text: "" });
  });

  it("recalls relevant notes for user runs only, leaving out MEMORY.md lines the prompt already has", async () => {
    const { memory } = access();
    const recalled = await memory.recall({
      sessionKey: "agent:main:main",
      prompt: "Remind me about the billing API refactor and GraphQL",
      runKind: "user",
    });
    expect(recalled?.block).toMatch(/^<relevant-memories>\n/);
    expect(recalled?.block).toContain("(Source: memory/2026-03-10.md#L");
    expect(recalled?.block).not.toContain("MEMORY.md");
    expect(
      await memory.recall({ sessionKey: "agent:main:main", prompt: "billing refactor", runKind: "heartbeat" }),
    ).toBe(undefined);
    expect(await memory.recall({ sessionKey: "agent:main:main", prompt: "hi", runKind: "user" })).toBe(undefined);
  });

  it("is off when memory search is disabled: no service, no recall", async () => {
    const { memory } = access({ agents: { defaults: { memorySearch: { enabled: false } } } });
    expect(memory.enabled).toBe(false);
    expect(memory.serviceFor("agent:main:main")).toBeUndefined();
    expect(await memory.recall({ sessionKey: "agent:main:main", prompt: "billing refactor", runKind: "user" })).toBe(
      undefined,
    );
  });

  it("falls back to keyword search without a key, and answers the unavailable result for a broken setup", async () => {
    const openai = { agents: { defaults: { memorySearch: { provider: "openai" } } } };
    const keyless = await access(openai).memory.serviceFor("agent:main:main")?.search({ query: "GraphQL" });
    expect(keyless).toMatchObject({ mode: "fts-only", fallback: { from: "openai" } });
    const { memory } = access(
      { agents: { defaults: { memorySearch: { provider: "openai", remote: { baseUrl: "ftp://nowhere" } } } } },
      { OPENAI_API_KEY: "sk-test-key" },
    );
    const result = await memory.serviceFor("agent:main:main")?.search({ query: "billing" });
    expect(result).toMatchObject({ results: [], unavailable: true });
    expect(JSON.stringify(result)).not.toContain("sk-test-key");
  });
});

describe("passive recall without notes", () => {
  it("opens no index for a workspace with no memory files", async () => {
    const runtime = createTestRuntime({ files: { "SOUL.md": "# Soul\n" } });
    const memory = createMemoryAccess({
      runtime,
      workspaceDir: runtime.root,
      config: {},
      agentId: "main",
      provider: "scripted",
    });
    opened.push(memory);
    expect(await memory.recall({ sessionKey: "agent:main:main", prompt: "anything at all", runKind: "user" })).toBe(
      undefined,
    );
    expect(await runtime.fs.stat(join(runtime.stateDir, "memory", "main.sqlite"))).toBeUndefined();
  });
});
