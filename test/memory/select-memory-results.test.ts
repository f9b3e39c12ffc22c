import { describe, expect, it } from "vitest";
import { mergeHybridResults } from "../../src/memory/merge-hybrid-results.js";
import { selectMemoryResults } from "../../src/memory/select-memory-results.js";
import { keywordRow, vectorRow } from "./memory-search-fixtures.js";

const scored = (name: string, score: number, keywordScore?: number) => ({ name, score, keywordScore });
const names = (items: readonly { name: string }[]) => items.map((item) => item.name);

describe("selectMemoryResults (memory.md §6.8)", () => {
  it("relaxes to keyword hits above min(minScore, textWeight) when strict is empty (the A′/B′ example)", () => {
    const merged = mergeHybridResults({
      vector: [vectorRow({ id: "A′", score: 0.5 }), vectorRow({ id: "B′", score: 0.55 })],
      keyword: [keywordRow({ id: "A′", rank: -1 })],
      weights: { vectorWeight: 0.7, textWeight: 0.3 },
    });
    expect(merged.map((result) => result.score.toFixed(3))).toEqual(["0.500", "0.385"]);
    const selected = selectMemoryResults({
      results: merged,
      mode: "hybrid",
      minScore: 0.6,
      maxResults: 6,
      textWeight: 0.3,
    });
    expect(selected.map((result) => result.id)).toEqual(["A′"]);
  });

  it("returns strict hits when there are any, in order, up to maxResults", () => {
    const results = [scored("a", 0.9), scored("b", 0.2, 0.9), scored("c", 0.5), scored("d", 0.4)];
    expect(
      names(selectMemoryResults({ results, mode: "hybrid", minScore: 0.35, maxResults: 2, textWeight: 0.3 })),
    ).toEqual(["a", "c"]);
  });

  it("returns nothing in hybrid mode when strict is empty and the keyword leg found nothing", () => {
    const results = [scored("a", 0.34), scored("b", 0.31)];
    expect(selectMemoryResults({ results, mode: "hybrid", minScore: 0.35, maxResults: 6, textWeight: 0.3 })).toEqual(
      [],
    );
  });

  it("does not relax in vector-only or FTS-only mode", () => {
    const results = [scored("a", 0.34, 0.9), scored("b", 0.5)];
    for (const mode of ["vector-only", "fts-only"] as const) {
      expect(names(selectMemoryResults({ results, mode, minScore: 0.35, maxResults: 6, textWeight: 0.3 }))).toEqual([
        "b",
      ]);
      expect(selectMemoryResults({ results, mode, minScore: 0.6, maxResults: 6, textWeight: 0.3 })).toEqual([]);
    }
  });

  it("keeps a score exactly at the threshold", () => {
    const results = [scored("edge", 0.35)];
    expect(
      names(selectMemoryResults({ results, mode: "vector-only", minScore: 0.35, maxResults: 1, textWeight: 0.3 })),
    ).toEqual(["edge"]);
  });
});
