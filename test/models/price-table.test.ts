import { describe, expect, it } from "vitest";
import type { Usage } from "../../src/domain/index.js";
import { computeCostUsd, priceFor } from "../../src/models/price-table.js";
import { PRICES, type PriceTable } from "../../src/models/prices.js";

const MILLION_EACH: Usage = {
  inputTokens: 1_000_000,
  outputTokens: 1_000_000,
  cacheReadTokens: 1_000_000,
  cacheWriteTokens: 1_000_000,
};

describe("priceFor", () => {
  it("finds a model by its exact id", () => {
    expect(priceFor("anthropic", "claude-sonnet-4")).toEqual({
      input: 3,
      output: 15,
      cacheRead: 0.3,
      cacheWrite: 3.75,
    });
    expect(priceFor("openai", "gpt-4o-mini")).toEqual({ input: 0.15, output: 0.6, cacheRead: 0.075, cacheWrite: 0.15 });
  });

  it("finds a dated snapshot by the id without its date", () => {
    expect(priceFor("anthropic", "claude-sonnet-4-20250514")).toBe(priceFor("anthropic", "claude-sonnet-4"));
    expect(priceFor("anthropic", "claude-3-5-haiku-20241022")).toBe(priceFor("anthropic", "claude-3-5-haiku"));
    expect(priceFor("anthropic", "claude-3-5-haiku-latest")).toBe(priceFor("anthropic", "claude-3-5-haiku"));
    expect(priceFor("openai", "gpt-4o-2024-08-06")).toBe(priceFor("openai", "gpt-4o"));
    expect(priceFor("openai", "gpt-4o-mini-2024-07-18")).toBe(priceFor("openai", "gpt-4o-mini"));
  });

  it("knows nothing of unknown models, other providers' models or inherited keys", () => {
    expect(priceFor("anthropic", "claude-unknown-9")).toBeUndefined();
    expect(priceFor("anthropic", "gpt-4o")).toBeUndefined();
    expect(priceFor("openai", "llama-3.1-8b-instruct")).toBeUndefined();
    expect(priceFor("openai", "toString")).toBeUndefined();
    expect(priceFor("openai", "gpt-4o-extended")).toBeUndefined();
  });

  it("states the date of its prices", () => {
    expect(PRICES.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("computeCostUsd", () => {
  it("adds input, output, cache read and cache write at their per-million prices", () => {
    const usage: Usage = { inputTokens: 1000, outputTokens: 500, cacheReadTokens: 20_000, cacheWriteTokens: 4000 };
    // 1000*3 + 500*15 + 20000*0.3 + 4000*3.75 = 3000 + 7500 + 6000 + 15000 = 31500 per million
    expect(computeCostUsd({ provider: "anthropic", model: "claude-sonnet-4-20250514", usage })).toBeCloseTo(0.0315, 12);
  });

  it("prices a million tokens of each kind at the sum of the table's prices", () => {
    expect(computeCostUsd({ provider: "anthropic", model: "claude-opus-4-1", usage: MILLION_EACH })).toBeCloseTo(
      15 + 75 + 1.5 + 18.75,
      9,
    );
    expect(computeCostUsd({ provider: "openai", model: "gpt-4.1", usage: MILLION_EACH })).toBeCloseTo(
      2 + 8 + 0.5 + 2,
      9,
    );
  });

  it("is 0 for zero usage of a known model and null, never 0, for an unknown one", () => {
    const zero: Usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
    expect(computeCostUsd({ provider: "openai", model: "gpt-4o", usage: zero })).toBe(0);
    expect(computeCostUsd({ provider: "openai", model: "my-local-model", usage: zero })).toBeNull();
    expect(computeCostUsd({ provider: "anthropic", model: "claude-next", usage: MILLION_EACH })).toBeNull();
  });

  it("uses a given table instead of the checked-in one", () => {
    const table: PriceTable = {
      asOf: "2030-01-01",
      source: "test",
      anthropic: {},
      openai: { custom: { input: 1, output: 2, cacheRead: 0.5, cacheWrite: 1 } },
    };
    const usage: Usage = { inputTokens: 2_000_000, outputTokens: 1_000_000, cacheReadTokens: 0, cacheWriteTokens: 0 };
    expect(computeCostUsd({ provider: "openai", model: "custom-2030-01-01", usage, table })).toBe(4);
    expect(computeCostUsd({ provider: "openai", model: "gpt-4o", usage, table })).toBeNull();
  });
});
