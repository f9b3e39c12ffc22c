import { describe, expect, it } from "vitest";
import { computeProviderKey } from "../../../src/memory/embedders/compute-provider-key.js";

const base = { provider: "openai", model: "text-embedding-3-small", baseUrl: "https://api.openai.com/v1" };

describe("computeProviderKey", () => {
  it("is a sha256 hex that the same settings always reproduce", () => {
    expect(computeProviderKey(base)).toMatch(/^[0-9a-f]{64}$/);
    expect(computeProviderKey({ ...base })).toBe(computeProviderKey(base));
  });

  it.each([
    ["provider", { ...base, provider: "hash" }],
    ["model", { ...base, model: "text-embedding-3-large" }],
    ["base URL", { ...base, baseUrl: "http://localhost:11434/v1" }],
    ["a non-secret header", { ...base, headers: { "X-Team": "memory" } }],
  ])("changes with the %s", (_, settings) => {
    expect(computeProviderKey(settings)).not.toBe(computeProviderKey(base));
  });

  it("ignores credential headers, header name case and order, and trailing slashes", () => {
    const secrets = { Authorization: "Bearer sk-1", "X-Api-Key": "k", "X-Auth-Token": "t", Cookie: "c" };
    expect(computeProviderKey({ ...base, headers: secrets })).toBe(computeProviderKey(base));
    expect(computeProviderKey({ ...base, headers: { "X-B": "2", "x-a": "1" } })).toBe(
      computeProviderKey({ ...base, headers: { "X-A": "1", "x-b": "2" } }),
    );
    expect(computeProviderKey({ ...base, baseUrl: "https://api.openai.com/v1/" })).toBe(computeProviderKey(base));
  });
});
