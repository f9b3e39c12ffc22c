import { describe, expect, it } from "vitest";
import { measureRetrieval, type RetrievedLocation } from "../../src/memory/measure-retrieval.js";

const hit = (path: string, startLine = 1, endLine = startLine + 4): RetrievedLocation => ({ path, startLine, endLine });

function searchFrom(results: Record<string, RetrievedLocation[]>) {
  const asked: string[] = [];
  return {
    asked,
    search: async (query: string) => {
      asked.push(query);
      return results[query] ?? [];
    },
  };
}

describe("measureRetrieval", () => {
  it("averages recall@k and reciprocal rank over queries, asking each query once in order", async () => {
    const { asked, search } = searchFrom({
      dentist: [hit("memory/a.md"), hit("memory/b.md")],
      offsite: [hit("memory/x.md"), hit("memory/y.md"), hit("memory/c.md")],
      lease: [hit("memory/z.md")],
    });
    const result = await measureRetrieval({
      queries: [
        { query: "dentist", relevant: ["memory/a.md"] },
        { query: "offsite", relevant: ["memory/c.md", "memory/d.md"] },
        { query: "lease", relevant: ["memory/e.md"] },
      ],
      search,
      k: 5,
    });
    expect(asked).toEqual(["dentist", "offsite", "lease"]);
    expect(result.recallAtK).toBeCloseTo((1 + 0.5 + 0) / 3, 12);
    expect(result.mrr).toBeCloseTo((1 + 1 / 3 + 0) / 3, 12);
    expect(result.perQuery[1]).toEqual({
      query: "offsite",
      recall: 0.5,
      precision: 1 / 5,
      reciprocalRank: 1 / 3,
      firstRelevantRank: 3,
      relevantRanks: [3],
      missed: ["memory/d.md"],
      hits: ["memory/x.md#L1-L5", "memory/y.md#L1-L5", "memory/c.md#L1-L5"],
    });
    expect(result.perQuery[2]).toEqual({
      query: "lease",
      recall: 0,
      precision: 0,
      reciprocalRank: 0,
      relevantRanks: [],
      missed: ["memory/e.md"],
      hits: ["memory/z.md#L1-L5"],
    });
  });

  it("ignores hits after the k-th", async () => {
    const { search } = searchFrom({ q: [hit("memory/x.md"), hit("memory/y.md"), hit("memory/a.md")] });
    const result = await measureRetrieval({ queries: [{ query: "q", relevant: ["memory/a.md"] }], search, k: 2 });
    expect(result).toMatchObject({ recallAtK: 0, mrr: 0 });
    expect(result.perQuery[0]?.hits).toHaveLength(2);
  });

  it("matches a path#La-Lb label only by a hit whose lines overlap it", async () => {
    const { search } = searchFrom({
      q: [hit("memory/a.md", 1, 9), hit("memory/a.md", 10, 20), hit("memory/a.md", 30, 40)],
    });
    const result = await measureRetrieval({
      queries: [{ query: "q", relevant: ["memory/a.md#L20-L25", "memory/a.md#L41-L50"] }],
      search,
      k: 5,
    });
    expect(result.perQuery[0]).toMatchObject({ recall: 0.5, firstRelevantRank: 2 });
  });

  it("counts a relevant file found by several chunks once", async () => {
    const { search } = searchFrom({ q: [hit("memory/a.md", 1), hit("memory/a.md", 6)] });
    const result = await measureRetrieval({
      queries: [{ query: "q", relevant: ["memory/a.md", "memory/b.md"] }],
      search,
      k: 5,
    });
    expect(result.recallAtK).toBe(0.5);
  });

  it("precision@k is the relevant hits in the top k over k, each chunk counting, averaged per query", async () => {
    const { search } = searchFrom({
      dentist: [hit("memory/a.md", 1), hit("memory/x.md"), hit("memory/a.md", 6), hit("memory/b.md")],
      lease: [hit("memory/y.md"), hit("memory/e.md")],
    });
    const result = await measureRetrieval({
      queries: [
        { query: "dentist", relevant: ["memory/a.md", "memory/b.md"] },
        { query: "lease", relevant: ["memory/e.md"] },
      ],
      search,
      k: 4,
    });
    expect(result.perQuery.map((entry) => [entry.precision, entry.relevantRanks, entry.missed])).toEqual([
      [3 / 4, [1, 3, 4], []],
      [1 / 4, [2], []],
    ]);
    expect(result.precisionAtK).toBeCloseTo((3 / 4 + 1 / 4) / 2, 12);
    expect(result.recallAtK).toBe(1);
    expect(result.mrr).toBeCloseTo((1 + 1 / 2) / 2, 12);
  });

  it("a one-line label path#La matches a hit holding that line; missed labels keep their written form", async () => {
    const { search } = searchFrom({ q: [hit("memory/a.md", 10, 20)] });
    const result = await measureRetrieval({
      queries: [{ query: "q", relevant: ["memory/a.md#L12", "memory/a.md#L21", "memory/a.md#L5-9"] }],
      search,
      k: 1,
    });
    expect(result.perQuery[0]).toMatchObject({
      recall: 1 / 3,
      precision: 1,
      missed: ["memory/a.md#L21", "memory/a.md#L5-9"],
    });
  });

  it("gives zeros for no queries and rejects a bad k or a query without labels", async () => {
    const { search } = searchFrom({});
    expect(await measureRetrieval({ queries: [], search, k: 5 })).toEqual({
      recallAtK: 0,
      precisionAtK: 0,
      mrr: 0,
      perQuery: [],
    });
    await expect(measureRetrieval({ queries: [], search, k: 0 })).rejects.toThrow(RangeError);
    await expect(measureRetrieval({ queries: [{ query: "q", relevant: [] }], search, k: 5 })).rejects.toThrow(
      /no relevant labels/,
    );
  });
});
