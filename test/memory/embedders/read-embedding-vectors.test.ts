import { describe, expect, it } from "vitest";
import { readEmbeddingVectors } from "../../../src/memory/embedders/read-embedding-vectors.js";

describe("readEmbeddingVectors", () => {
  it("orders vectors by index", () => {
    const data = [
      { index: 2, embedding: [3, 3] },
      { index: 0, embedding: [1, 1] },
      { index: 1, embedding: [2, 2] },
    ];
    expect(readEmbeddingVectors(data, { expectedCount: 3, dims: undefined })).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });

  it.each([
    [[{ index: 1, embedding: [1] }], 1, undefined, "expected indexes 0 to 0 once each, found 1"],
    [[{ index: 0, embedding: [1, Number.NaN] }], 1, undefined, "expected vector 0 to be an array of finite numbers"],
    [[{ index: 0, embedding: "AAAA" }], 1, undefined, "expected vector 0 to be an array of finite numbers"],
    [[{ index: 0, embedding: [] }], 1, undefined, "expected vectors of at least one dimension, found 0"],
    [[{ index: 0, embedding: [1, 2] }], 1, 3, "expected 3 dimensions, found 2 in vector 0"],
    [[], 2, undefined, "expected 2 vectors, found 0"],
  ])("refuses %j (expecting %i vectors of %s dimensions)", (data, expectedCount, dims, message) => {
    expect(() => readEmbeddingVectors(data, { expectedCount, dims })).toThrow(`embeddings response: ${message}`);
  });
});
