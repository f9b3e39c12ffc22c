import { describe, expect, it } from "vitest";
import { checkMemoryReindex } from "../../src/memory/check-memory-reindex.js";
import type { MemoryIndexMeta } from "../../src/memory/sqlite-memory-store-types.js";

const wanted: Omit<MemoryIndexMeta, "vectorDims"> = {
  storeLayout: 2,
  provider: "hash",
  model: "fnv1a-256",
  providerKey: "pk",
  sources: ["memory"],
  chunkTokens: 400,
  chunkOverlap: 80,
  ftsTokenizer: "unicode61",
};
const stored: MemoryIndexMeta = { ...wanted, vectorDims: 256 };
const check = (meta: MemoryIndexMeta | undefined, extra: { vectorsAvailable?: boolean; force?: boolean } = {}) =>
  checkMemoryReindex({ meta, wanted, vectorsAvailable: extra.vectorsAvailable ?? true, force: extra.force ?? false });

describe("checkMemoryReindex", () => {
  it("needs nothing when the meta matches the settings", () => {
    expect(check(stored)).toBeUndefined();
    expect(check({ ...stored, sources: ["memory", "memory"] })).toBeUndefined();
    expect(check({ ...wanted }, { vectorsAvailable: false })).toBeUndefined();
  });

  it("names each §3.1 reason", () => {
    expect(check(stored, { force: true })).toBe("forced sync");
    expect(check(undefined)).toBe("no index meta");
    const { storeLayout: _layout, ...beforeLayouts } = stored;
    expect(check(beforeLayouts)).toBe("store layout changed (undefined → 2)");
    expect(check({ ...stored, provider: "openai" })).toBe('provider changed ("openai" → "hash")');
    expect(check({ ...stored, model: "fnv1a-128" })).toBe('model changed ("fnv1a-128" → "fnv1a-256")');
    expect(check({ ...stored, providerKey: "old" })).toBe("provider settings changed (providerKey)");
    expect(check({ ...stored, sources: ["memory", "sessions"] })).toBe(
      'sources changed (["memory","sessions"] → ["memory"])',
    );
    expect(check({ ...stored, chunkTokens: 200 })).toBe("chunk tokens changed (200 → 400)");
    expect(check({ ...stored, chunkOverlap: 40 })).toBe("chunk overlap changed (40 → 80)");
    expect(check({ ...stored, ftsTokenizer: "trigram" })).toBe('FTS tokenizer changed ("trigram" → "unicode61")');
    expect(check({ ...wanted }, { vectorsAvailable: true })).toBe("vectors are available but the index has none");
  });
});
