import { describe, expect, it } from "vitest";
import type { Model } from "../../src/domain/index.js";
import {
  CONTEXT_WINDOWS,
  CONTEXT_WINDOWS_AS_OF,
  contextWindowOfModelId,
  lookupContextWindow,
} from "../../src/models/context-windows.js";
import { createModel } from "../../src/models/create-model.js";
import { createProviderLimiter } from "../../src/models/create-provider-limiter.js";
import { createReplayModel } from "../../src/models/create-replay-model.js";
import { createScriptedModel } from "../../src/models/scripted-model.js";
import { withCassetteRecording } from "../../src/models/with-cassette-recording.js";
import { withFaults } from "../../src/models/with-faults.js";
import { withRetries } from "../../src/models/with-retries.js";
import { skipWait } from "../../src/platform/sleep.js";

describe("lookupContextWindow", () => {
  it.each([
    ["anthropic", "claude-opus-4-6", 1_000_000],
    ["anthropic", "claude-sonnet-4-6", 1_000_000],
    ["anthropic", "claude-sonnet-4-5-20250929", 200_000],
    ["anthropic", "claude-opus-4-1-20250805", 200_000],
    ["anthropic", "claude-haiku-4-5", 200_000],
    ["anthropic", "claude-3-7-sonnet-latest", 200_000],
    ["openai", "gpt-5.4", 1_050_000],
    ["openai", "gpt-5.2", 400_000],
    ["openai", "gpt-5.2-chat-latest", 128_000],
    ["openai", "gpt-5-mini", 400_000],
    ["openai", "gpt-5-chat-latest", 128_000],
    ["openai", "gpt-4.1-mini-2025-04-14", 1_047_576],
    ["openai", "gpt-4o-mini", 128_000],
    ["openai", "o4-mini", 200_000],
  ] as const)("%s %s has %d tokens (longest prefix wins)", (provider, model, tokens) => {
    expect(lookupContextWindow(provider, model)).toBe(tokens);
  });

  it("knows nothing of unlisted models", () => {
    expect(lookupContextWindow("openai", "llama3.2:3b")).toBeUndefined();
    expect(lookupContextWindow("anthropic", "claude-2.1")).toBeUndefined();
  });

  it("states when the table was last checked and holds only positive integers", () => {
    expect(CONTEXT_WINDOWS_AS_OF).toMatch(/^\d{4}-\d{2}$/);
    const values = Object.values(CONTEXT_WINDOWS).flatMap((table) => Object.values(table));
    expect(values.every((tokens) => Number.isInteger(tokens) && tokens > 0)).toBe(true);
  });
});

describe("contextWindowOfModelId", () => {
  it("reads live model ids, ignoring an OpenAI-compatible base URL, and nothing else", () => {
    expect(contextWindowOfModelId("anthropic:claude-sonnet-4-5")).toBe(200_000);
    expect(contextWindowOfModelId("openai:gpt-5@http://localhost:8000/v1")).toBe(400_000);
    expect(contextWindowOfModelId("scripted")).toBeUndefined();
    expect(contextWindowOfModelId("simulated:sum?keepIds=0.8")).toBeUndefined();
  });
});

describe("Model.contextWindow", () => {
  it("is set on live models before their SDK loads, and left undefined on scripted and simulated ones", () => {
    const env = { ANTHROPIC_API_KEY: "key", OPENAI_API_KEY: "key" };
    const windowOf = (id: string) => {
      const created = createModel(id, { env });
      if (!created.ok) throw new Error(created.error);
      return created.model.contextWindow;
    };
    expect(windowOf("anthropic:claude-opus-4-6")).toBe(1_000_000);
    expect(windowOf("openai:gpt-4o")).toBe(128_000);
    expect(windowOf("openai:my-local-model@http://localhost:1234/v1")).toBeUndefined();
    expect(windowOf("scripted")).toBeUndefined();
    expect(windowOf("simulated:x")).toBeUndefined();
  });

  it("survives every wrapper a unit puts around its model", () => {
    const inner: Model = { ...createScriptedModel({ id: "anthropic:claude-x" }), contextWindow: 123_456 };
    const limiter = createProviderLimiter({ limits: {}, sleep: skipWait, now: () => 0 });
    const store = { read: async () => undefined, write: async () => {} };
    const wrapped = withRetries(
      withFaults(
        withCassetteRecording(limiter.wrap("anthropic", inner), { store, cassettePath: "c.json", paths: [] }),
        {
          rate: 0.5,
          kinds: ["5xx"],
        },
      ),
      { sleep: skipWait, random: () => 0 },
    );
    expect(wrapped.contextWindow).toBe(123_456);
    const replay = createReplayModel({ id: "anthropic:claude-haiku-4-5", store, cassettePath: "c.json", paths: [] });
    expect(replay.contextWindow).toBe(200_000);
  });
});
