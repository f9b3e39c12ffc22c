import { describe, expect, it } from "vitest";
import { resolveOpenClawConfig } from "../../src/config/resolve-openclaw-config.js";
import { buildRetrievalVariants, configuredRetrievalVariantId } from "../../src/memory/build-retrieval-variants.js";

const defaults = () => structuredClone(resolveOpenClawConfig({}).agents.defaults.memorySearch);

describe("buildRetrievalVariants", () => {
  it("gives hybrid, keyword and vector search, each with decay on then off, all over :memory:", () => {
    const settings = defaults();
    settings.provider = "openai";
    settings.store.path = "/home/me/.openclaw/memory/main.sqlite";
    settings.query.hybrid.vectorWeight = 0.6;
    const before = structuredClone(settings);
    const variants = buildRetrievalVariants(settings);
    expect(settings).toEqual(before);
    expect(
      variants.map((variant) => [
        variant.id,
        variant.search,
        variant.decay,
        variant.settings.provider,
        variant.settings.query.hybrid.enabled,
        variant.settings.query.hybrid.temporalDecay.enabled,
        variant.settings.store.path,
      ]),
    ).toEqual([
      ["hybrid-decay", "hybrid", true, "openai", true, true, ":memory:"],
      ["hybrid-no-decay", "hybrid", false, "openai", true, false, ":memory:"],
      ["keyword-decay", "keyword", true, "none", true, true, ":memory:"],
      ["keyword-no-decay", "keyword", false, "none", true, false, ":memory:"],
      ["vector-decay", "vector", true, "openai", false, true, ":memory:"],
      ["vector-no-decay", "vector", false, "openai", false, false, ":memory:"],
    ]);
    expect(variants.every((variant) => variant.settings.query.hybrid.vectorWeight === 0.6)).toBe(true);
  });
});

describe("configuredRetrievalVariantId", () => {
  it("follows keyword-only mode, query.hybrid.enabled and the configured decay", () => {
    const settings = defaults();
    expect(configuredRetrievalVariantId({ settings, keywordOnly: false })).toBe("hybrid-decay");
    expect(configuredRetrievalVariantId({ settings, keywordOnly: true })).toBe("keyword-decay");
    settings.query.hybrid.enabled = false;
    settings.query.hybrid.temporalDecay.enabled = false;
    expect(configuredRetrievalVariantId({ settings, keywordOnly: false })).toBe("vector-no-decay");
    expect(configuredRetrievalVariantId({ settings, keywordOnly: true })).toBe("keyword-no-decay");
  });
});
