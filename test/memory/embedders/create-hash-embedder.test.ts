import { describe, expect, it } from "vitest";
import { ClawEvalError } from "../../../src/domain/index.js";
import { createHashEmbedder, hashEmbed } from "../../../src/memory/embedders/create-hash-embedder.js";
import { fnv1a32 } from "../../../src/memory/embedders/fnv1a-32.js";
import { tokenizeForHash } from "../../../src/memory/embedders/tokenize-for-hash.js";

const dot = (a: readonly number[], b: readonly number[]) =>
  a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);

function nonZero(vector: readonly number[]): Record<number, number> {
  const entries = vector.flatMap((value, index) => (value === 0 ? [] : [[index, Number(value.toFixed(4))] as const]));
  return Object.fromEntries(entries);
}

describe("fnv1a32 (memory.md §5.2 check values)", () => {
  it("hashes 'a' to 0xE40C292C", () => {
    expect(fnv1a32("a")).toBe(0xe40c292c);
  });

  it.each([
    ["deploy", 0x5cd3477e, 126, 1],
    ["key", 0x6815c86c, 108, 1],
    ["abc", 0x1a47e90b, 11, 1],
    ["strawberry", 0x843a155c, 92, -1],
  ])("hashes %s to its index and sign at 256 dims", (token, hash, index, sign) => {
    expect(fnv1a32(token)).toBe(hash);
    expect(hash % 256).toBe(index);
    const vector = hashEmbed(token, 256);
    expect(nonZero(vector)).toEqual({ [index]: sign });
  });

  it("hashes the UTF-8 bytes, not UTF-16 code units", () => {
    // "é" is C3 A9 in UTF-8: two FNV rounds.
    const expected = Math.imul(Math.imul(0x811c9dc5 ^ 0xc3, 0x01000193) ^ 0xa9, 0x01000193) >>> 0;
    expect(fnv1a32("é")).toBe(expected);
  });
});

describe("tokenizeForHash", () => {
  it("splits CJK runs into unigrams and bigrams and keeps other runs whole", () => {
    expect(tokenizeForHash("草莓库存 low")).toEqual(["草", "莓", "库", "存", "草莓", "莓库", "库存", "low"]);
  });

  it("normalises with NFKC, lower-cases and keeps underscores and digits in a run", () => {
    expect(tokenizeForHash("Ｄeploy_V2, ﬁle!")).toEqual(["deploy_v2", "file"]);
  });

  it("splits a mixed run into CJK and non-CJK sub-runs in order", () => {
    expect(tokenizeForHash("abc草莓def")).toEqual(["abc", "草", "莓", "草莓", "def"]);
  });

  it("covers kana and Hangul as CJK", () => {
    expect(tokenizeForHash("ひら 한국")).toEqual(["ひ", "ら", "ひら", "한", "국", "한국"]);
  });

  it("gives no tokens for punctuation only", () => {
    expect(tokenizeForHash(" ,.!? -- ")).toEqual([]);
  });
});

describe("hashEmbed", () => {
  it("embeds 'Deploy key ABC, deploy!' as the spec's worked example", () => {
    expect(nonZero(hashEmbed("Deploy key ABC, deploy!", 256))).toEqual({ 126: 0.7675, 108: 0.4533, 11: 0.4533 });
  });

  it("gives cosine 0.6104 with 'rotate the deploy key'", () => {
    const similarity = dot(hashEmbed("Deploy key ABC, deploy!", 256), hashEmbed("rotate the deploy key", 256));
    expect(similarity.toFixed(4)).toBe("0.6104");
  });

  it("gives the all-zero vector for text without tokens", () => {
    expect(hashEmbed("!!! ...", 8)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("adds colliding tokens at the same index", () => {
    // With one dimension every token lands at index 0: deploy (+) and strawberry (−) cancel.
    expect(hashEmbed("deploy strawberry", 1)).toEqual([0]);
    expect(hashEmbed("deploy key", 1)).toEqual([1]);
  });
});

describe("createHashEmbedder", () => {
  it("defaults to 256 dimensions and model fnv1a-256", async () => {
    const embedder = createHashEmbedder();
    expect(embedder).toMatchObject({ id: "hash", model: "fnv1a-256", dims: 256 });
    expect(await embedder.embedQuery("deploy")).toEqual(hashEmbed("deploy", 256));
  });

  it("names the model after its dimensions and answers batches in input order", async () => {
    const embedder = createHashEmbedder({ dims: 64 });
    expect(embedder.model).toBe("fnv1a-64");
    expect(await embedder.embedBatch(["key", "abc", "key"])).toEqual([
      hashEmbed("key", 64),
      hashEmbed("abc", 64),
      hashEmbed("key", 64),
    ]);
    expect(await embedder.embedBatch([])).toEqual([]);
  });

  it("has a provider key that depends on the model only", () => {
    expect(createHashEmbedder().providerKey).toBe(createHashEmbedder({ dims: 256 }).providerKey);
    expect(createHashEmbedder().providerKey).not.toBe(createHashEmbedder({ dims: 128 }).providerKey);
    expect(createHashEmbedder().providerKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([0, -3, 2.5, Number.NaN])("refuses dims %s", (dims) => {
    expect(() => createHashEmbedder({ dims })).toThrow(ClawEvalError);
  });
});
