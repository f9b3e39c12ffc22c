import { describe, expect, it } from "vitest";
import { planEmbeddingBatches } from "../../../src/memory/embedders/plan-embedding-batches.js";

describe("planEmbeddingBatches", () => {
  it("fills batches up to 8 000 estimated tokens by default", () => {
    const chunk = "x".repeat(12_000); // 3 000 tokens
    expect(planEmbeddingBatches([chunk, chunk, chunk, chunk, chunk])).toEqual([[0, 1], [2, 3], [4]]);
  });

  it("closes a batch that is exactly full only when the next text would exceed it", () => {
    const quarter = "x".repeat(8_000); // 2 000 tokens
    expect(planEmbeddingBatches([quarter, quarter, quarter, quarter, "y"])).toEqual([[0, 1, 2, 3], [4]]);
  });

  it("gives a text over the limit a batch of its own", () => {
    expect(planEmbeddingBatches(["a", "x".repeat(40_000), "b"])).toEqual([[0], [1], [2]]);
  });

  it("caps the inputs per batch", () => {
    expect(planEmbeddingBatches(["a", "b", "c", "d", "e"], { maxInputs: 2 })).toEqual([[0, 1], [2, 3], [4]]);
  });

  it("plans nothing for no texts", () => {
    expect(planEmbeddingBatches([])).toEqual([]);
  });
});
