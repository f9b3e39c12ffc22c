import { describe, expect, it } from "vitest";
import { createToolNameFilter } from "../../src/context/create-tool-name-filter.js";
import {
  type CacheTtlSettings,
  DEFAULT_CACHE_TTL_SETTINGS,
  isCacheTtlDue,
  isCacheTtlProvider,
  pruneCacheTtl,
} from "../../src/context/prune-cache-ttl.js";
import type { Message } from "../../src/domain/index.js";
import { assistantCall, assistantOf, snapshot, toolResultOf, userOf } from "./pruning-messages.js";

/** JSON of these arguments is 19 chars, as in the §6.4 example. */
const ARGS = { path: "log1.txt" };
const RESULT_TEXT = "h".repeat(6000) + "t".repeat(6000);
const TRIMMED = `${"h".repeat(1500)}\n...\n${"t".repeat(1500)}\n\n[Tool result trimmed: kept first 1500 chars and last 1500 chars of 12000 chars.]`;

function example(): Message[] {
  return [
    userOf(10),
    assistantCall("c1", ARGS),
    toolResultOf("c1", RESULT_TEXT),
    assistantCall("c2", ARGS),
    toolResultOf("c2", RESULT_TEXT),
    assistantOf(200),
    userOf(100),
    assistantOf(200),
    userOf(100),
    assistantOf(200),
  ];
}

function settings(overrides: Partial<CacheTtlSettings> = {}): CacheTtlSettings {
  return { ...DEFAULT_CACHE_TTL_SETTINGS, ...overrides };
}

describe("pruneCacheTtl (context.md §6.4)", () => {
  it("soft-trims both results of the worked example (W 10 000, defaults) and stops below the hard ratio", () => {
    expect(JSON.stringify(ARGS).length).toBe(19);
    expect(TRIMMED.length).toBe(3087);
    const messages = example();
    const before = snapshot(messages);
    const pruned = pruneCacheTtl({ messages, contextWindow: 10000, settings: DEFAULT_CACHE_TTL_SETTINGS });
    const expected = example();
    expected[2] = toolResultOf("c1", TRIMMED);
    expected[4] = toolResultOf("c2", TRIMMED);
    expect(pruned).toEqual({ messages: expected, softTrimmed: ["c1", "c2"], hardCleared: [] });
    expect(messages).toEqual(before);
  });

  it("hard-clears both results with minPrunableToolChars 0 and hardClearRatio 0", () => {
    const pruned = pruneCacheTtl({
      messages: example(),
      contextWindow: 10000,
      settings: settings({ minPrunableToolChars: 0, hardClearRatio: 0 }),
    });
    const expected = example();
    expected[2] = toolResultOf("c1", "[Old tool result content cleared]");
    expected[4] = toolResultOf("c2", "[Old tool result content cleared]");
    expect(pruned).toEqual({ messages: expected, softTrimmed: [], hardCleared: ["c1", "c2"] });
  });

  it("stops hard clearing once the ratio is below hardClearRatio", () => {
    const pruned = pruneCacheTtl({
      messages: example(),
      contextWindow: 10000,
      settings: settings({ minPrunableToolChars: 0, hardClearRatio: 0.1 }),
    });
    expect({ soft: pruned.softTrimmed, hard: pruned.hardCleared }).toEqual({ soft: ["c2"], hard: ["c1"] });
  });

  it("does nothing below softTrimRatio", () => {
    const messages = example();
    expect(pruneCacheTtl({ messages, contextWindow: 100000, settings: DEFAULT_CACHE_TTL_SETTINGS })).toEqual({
      messages,
      softTrimmed: [],
      hardCleared: [],
    });
  });

  it("protects the tail from the keepLastAssistants-th last assistant, and needs that many assistants", () => {
    const prune = (keepLastAssistants: number) =>
      pruneCacheTtl({ messages: example(), contextWindow: 10000, settings: settings({ keepLastAssistants }) })
        .softTrimmed;
    expect([prune(0), prune(4), prune(5), prune(6)]).toEqual([["c1", "c2"], ["c1"], [], []]);
  });

  it("never prunes tool results before the first user message, nor anything without one", () => {
    const early = toolResultOf("c0", RESULT_TEXT);
    const messages = [early, ...example()];
    const pruned = pruneCacheTtl({ messages, contextWindow: 10000, settings: DEFAULT_CACHE_TTL_SETTINGS });
    expect(pruned.messages[0]).toBe(early);
    expect(pruned.softTrimmed).toEqual(["c1", "c2"]);
    const noUser = example().filter((message) => message.role !== "user");
    expect(
      pruneCacheTtl({ messages: noUser, contextWindow: 10000, settings: DEFAULT_CACHE_TTL_SETTINGS }).softTrimmed,
    ).toEqual([]);
  });

  it("prunes only tools the allow and deny globs let through", () => {
    const messages = example();
    messages[4] = toolResultOf("c2", RESULT_TEXT, { toolName: "exec" });
    const prune = (tools: CacheTtlSettings["tools"]) =>
      pruneCacheTtl({ messages, contextWindow: 10000, settings: settings({ tools }) }).softTrimmed;
    expect([
      prune({ allow: ["EX*"], deny: [] }),
      prune({ allow: [], deny: ["r?ad"] }),
      prune({ allow: ["*"], deny: ["*"] }),
    ]).toEqual([["c2"], ["c2"], []]);
  });
});

describe("cache-TTL gate", () => {
  it("accepts anthropic, moonshot, zai and their openrouter models only", () => {
    const cases: [string, string][] = [
      ["anthropic", "claude-sonnet-4"],
      ["Moonshot", "kimi-k2"],
      ["zai", "glm-4.6"],
      ["openrouter", "anthropic/claude-sonnet-4"],
      ["openrouter", "MoonshotAI/kimi-k2"],
      ["openrouter", "openai/gpt-5"],
      ["openai", "anthropic/claude"],
      ["google", "gemini-2.5-pro"],
    ];
    expect(cases.map(([provider, modelId]) => isCacheTtlProvider({ provider, modelId }))).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it("is due only with a cache touch, a positive TTL and at least ttlMs elapsed", () => {
    const ttlMs = 300000;
    expect([
      isCacheTtlDue({ lastCacheTouchAt: undefined, now: 10 ** 9, ttlMs }),
      isCacheTtlDue({ lastCacheTouchAt: 1000, now: 1000 + ttlMs - 1, ttlMs }),
      isCacheTtlDue({ lastCacheTouchAt: 1000, now: 1000 + ttlMs, ttlMs }),
      isCacheTtlDue({ lastCacheTouchAt: 1000, now: 10 ** 9, ttlMs: 0 }),
    ]).toEqual([false, false, true, false]);
  });

  it("matches tool globs case-insensitively against the whole name; deny wins; empty allow allows all", () => {
    const filter = createToolNameFilter({ allow: ["read", "mem*"], deny: ["memory_get"] });
    expect(["READ", "reader", "memory_search", "Memory_Get", "exec"].map(filter)).toEqual([
      true,
      false,
      true,
      false,
      false,
    ]);
    expect(createToolNameFilter({ allow: [], deny: [" "] })("anything")).toBe(true);
    expect(createToolNameFilter({ allow: [], deny: ["a.b"] })("axb")).toBe(true);
  });
});
