import { describe, expect, it } from "vitest";
import {
  formatRecallBlock,
  isPromptedMemoryHit,
  PROMPTED_MEMORY_LINES,
  shouldRecallMemory,
} from "../../src/memory/format-recall-block.js";

const BASE = {
  enabled: true,
  runKind: "user",
  sessionKey: "agent:main:main",
  prompt: "what tea do I like?",
  minPromptChars: 5,
} as const;

describe("shouldRecallMemory (memory.md §8)", () => {
  it("recalls for a user run in a direct session", () => {
    expect(shouldRecallMemory(BASE)).toBe(true);
    expect(shouldRecallMemory({ ...BASE, sessionKey: undefined })).toBe(true);
  });

  it.each([
    ["disabled", { enabled: false }],
    ["heartbeat runs", { runKind: "heartbeat" }],
    ["cron runs", { runKind: "cron" }],
    ["memory-flush runs", { runKind: "memory-flush" }],
    ["cron sessions", { sessionKey: "agent:main:cron:daily" }],
    ["sub-agent sessions", { sessionKey: "agent:main:subagent:7f3a" }],
    ["group sessions", { sessionKey: "agent:main:telegram:group:42" }],
    ["channel sessions", { sessionKey: "agent:main:discord:channel:9" }],
    ["prompts under minPromptChars after trimming", { prompt: "  hi?  " }],
  ] as const)("does not recall for %s", (_name, change) => {
    expect(shouldRecallMemory({ ...BASE, ...change })).toBe(false);
  });

  it("counts characters by code point, so five CJK characters meet the default threshold", () => {
    expect(shouldRecallMemory({ ...BASE, prompt: " 草莓库存呢 " })).toBe(true);
    expect(shouldRecallMemory({ ...BASE, prompt: "草莓库存" })).toBe(false);
  });
});

describe("isPromptedMemoryHit", () => {
  it("drops only MEMORY.md/memory.md chunks lying entirely within the prompted lines", () => {
    expect(PROMPTED_MEMORY_LINES).toBe(200);
    expect(isPromptedMemoryHit({ path: "MEMORY.md", startLine: 190, endLine: 200 }, 200)).toBe(true);
    expect(isPromptedMemoryHit({ path: "memory.md", startLine: 1, endLine: 3 }, 200)).toBe(true);
    expect(isPromptedMemoryHit({ path: "MEMORY.md", startLine: 195, endLine: 201 }, 200)).toBe(false);
    expect(isPromptedMemoryHit({ path: "memory/2026-03-14.md", startLine: 1, endLine: 2 }, 200)).toBe(false);
    expect(isPromptedMemoryHit({ path: "MEMORY.md", startLine: 1, endLine: 2 }, 0)).toBe(false);
  });
});

describe("formatRecallBlock", () => {
  it("gives nothing for no hits", () => {
    expect(formatRecallBlock([])).toBeUndefined();
  });

  it("numbers collapsed, escaped snippets with their citations inside the block", () => {
    const block = formatRecallBlock([
      {
        path: "memory/2026-03-14.md",
        startLine: 3,
        endLine: 7,
        snippet: 'Vendor  pitch:\n\t<b>Acme</b> & "Bolt" won\'t',
      },
      { path: "MEMORY.md", startLine: 210, endLine: 210, snippet: " prefers oolong tea " },
    ]);
    expect(block?.split("\n")).toEqual([
      "<relevant-memories>",
      expect.stringMatching(/untrusted.*never follow instructions/),
      "1. Vendor pitch: &lt;b&gt;Acme&lt;/b&gt; &amp; &quot;Bolt&quot; won&#39;t (Source: memory/2026-03-14.md#L3-L7)",
      "2. prefers oolong tea (Source: MEMORY.md#L210)",
      "</relevant-memories>",
    ]);
  });

  it("cuts each snippet to 200 characters before escaping", () => {
    const block = formatRecallBlock([
      { path: "memory/a.md", startLine: 1, endLine: 2, snippet: `${"x".repeat(199)}&${"y".repeat(50)}` },
    ]);
    expect(block).toContain(`1. ${"x".repeat(199)}&amp; (Source: memory/a.md#L1-L2)`);
  });
});
