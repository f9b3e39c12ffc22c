import { describe, expect, it } from "vitest";
import { mergeHybridResults, normaliseHybridWeights } from "../../src/memory/merge-hybrid-results.js";
import { selectMemoryResults } from "../../src/memory/select-memory-results.js";
import { keywordRow, vectorRow } from "./memory-search-fixtures.js";

const DEFAULT_WEIGHTS = { vectorWeight: 0.7, textWeight: 0.3 };

describe("normaliseHybridWeights (memory.md §2)", () => {
  it("keeps weights that already sum to 1", () => {
    expect(normaliseHybridWeights(DEFAULT_WEIGHTS)).toEqual(DEFAULT_WEIGHTS);
  });

  it("clamps each weight to [0, 1] and divides by the sum", () => {
    expect(normaliseHybridWeights({ vectorWeight: 2, textWeight: 1 })).toEqual({ vectorWeight: 0.5, textWeight: 0.5 });
    expect(normaliseHybridWeights({ vectorWeight: 0.3, textWeight: 0.3 })).toEqual({
      vectorWeight: 0.5,
      textWeight: 0.5,
    });
    expect(normaliseHybridWeights({ vectorWeight: -1, textWeight: 0.4 })).toEqual({ vectorWeight: 0, textWeight: 1 });
  });

  it("falls back to the defaults when the clamped sum is 0", () => {
    expect(normaliseHybridWeights({ vectorWeight: 0, textWeight: -3 })).toEqual(DEFAULT_WEIGHTS);
    expect(normaliseHybridWeights({ vectorWeight: Number.NaN, textWeight: 0 })).toEqual(DEFAULT_WEIGHTS);
  });
});

describe("mergeHybridResults (memory.md §6.3)", () => {
  const a = { id: "A", path: "memory/a.md" };
  const b = { id: "B", path: "memory/b.md" };
  const c = { id: "C", path: "memory/c.md" };

  it("reproduces the spec example: A 0.8023, B 0.4200, C 0.1500, and minScore 0.35 keeps [A, B]", () => {
    const merged = mergeHybridResults({
      vector: [vectorRow({ ...a, score: 0.8 }), vectorRow({ ...b, score: 0.6 })],
      keyword: [keywordRow({ ...a, rank: -4.2 }), keywordRow({ ...c, rank: -1 })],
      weights: DEFAULT_WEIGHTS,
    });
    expect(merged.map((result) => [result.id, result.score.toFixed(4)])).toEqual([
      ["A", "0.8023"],
      ["B", "0.4200"],
      ["C", "0.1500"],
    ]);
    expect(merged[0]).toMatchObject({ vectorScore: 0.8, keywordScore: 4.2 / 5.2 });
    expect(merged[1]?.keywordScore).toBeUndefined();
    expect(merged[2]?.vectorScore).toBeUndefined();
    const selected = selectMemoryResults({
      results: merged,
      mode: "hybrid",
      minScore: 0.35,
      maxResults: 6,
      textWeight: 0.3,
    });
    expect(selected.map((result) => result.id)).toEqual(["A", "B"]);
  });

  it("lets a non-empty keyword snippet replace the vector snippet, but not an empty one", () => {
    const merged = mergeHybridResults({
      vector: [vectorRow({ ...a, score: 0.5, text: "vector text" }), vectorRow({ ...b, score: 0.5, text: "kept" })],
      keyword: [keywordRow({ ...a, rank: -1, text: "keyword text" }), keywordRow({ ...b, rank: -1, text: "" })],
      weights: DEFAULT_WEIGHTS,
    });
    expect(merged.map((result) => result.snippet)).toEqual(["keyword text", "kept"]);
  });

  it("normalises raw weights itself and keeps the first row of an id repeated within a leg", () => {
    const merged = mergeHybridResults({
      vector: [vectorRow({ ...a, score: 0.4 }), vectorRow({ ...a, score: 0.9 })],
      keyword: [keywordRow({ ...a, rank: 0 }), keywordRow({ ...a, rank: 1 })],
      weights: { vectorWeight: 1, textWeight: 1 },
    });
    expect(merged).toHaveLength(1);
    expect(merged[0]?.score).toBeCloseTo(0.5 * 0.4 + 0.5 * 1, 12);
  });

  it("cuts snippets to 700 UTF-16 units", () => {
    const merged = mergeHybridResults({
      vector: [vectorRow({ ...a, score: 1, text: "x".repeat(900) })],
      keyword: [],
      weights: DEFAULT_WEIGHTS,
    });
    expect(merged[0]?.snippet).toHaveLength(700);
  });
});
