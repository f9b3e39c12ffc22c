import { describe, expect, it } from "vitest";
import type { KeywordRow, VectorRow } from "../../src/memory/memory-candidates.js";
import { memoryCandidateLimit, type SearchMemoryOptions, searchMemory } from "../../src/memory/search-memory.js";
import { at, keywordRow, querySettings, vectorRow } from "./memory-search-fixtures.js";

const NOW = at("2026-03-15T00:00:00Z");

/** Legs that return fixed rows and record their calls. */
function legs(rows: { keyword?: KeywordRow[] | ((query: string) => KeywordRow[]); vector?: VectorRow[] }) {
  const calls: { leg: "keyword" | "vector"; query: string; limit: number }[] = [];
  return {
    calls,
    keywordLeg: async (query: string, limit: number) => {
      calls.push({ leg: "keyword" as const, query, limit });
      return typeof rows.keyword === "function" ? rows.keyword(query) : (rows.keyword ?? []);
    },
    vectorLeg: async (query: string, limit: number) => {
      calls.push({ leg: "vector" as const, query, limit });
      return rows.vector ?? [];
    },
  };
}

function search(options: Partial<SearchMemoryOptions> & Pick<SearchMemoryOptions, "query">) {
  return searchMemory({ settings: querySettings(), now: NOW, mode: "hybrid", ...options });
}

describe("memoryCandidateLimit", () => {
  it("is min(200, max(1, floor(maxResults × multiplier)))", () => {
    expect(memoryCandidateLimit(6, 4)).toBe(24);
    expect(memoryCandidateLimit(100, 4)).toBe(200);
    expect(memoryCandidateLimit(0.1, 1)).toBe(1);
    expect(memoryCandidateLimit(3, 2.5)).toBe(7);
  });
});

describe("searchMemory (memory.md §6)", () => {
  it("returns [] for a blank query without calling any leg", async () => {
    const fake = legs({ vector: [vectorRow({ score: 1 })] });
    expect(await search({ query: "  \n ", ...fake })).toEqual([]);
    expect(fake.calls).toEqual([]);
  });

  it("asks each leg for 24 candidates with the FTS query and the raw query", async () => {
    const fake = legs({});
    await search({ query: "deploy key, v2!", ...fake });
    expect(fake.calls).toEqual([
      { leg: "vector", query: "deploy key, v2!", limit: 24 },
      { leg: "keyword", query: '"deploy" AND "key" AND "v2"', limit: 24 },
    ]);
  });

  it("reproduces the §6.3 example with its score parts: [A, B]", async () => {
    const fake = legs({
      vector: [
        vectorRow({ id: "A", path: "memory/a.md", score: 0.8 }),
        vectorRow({ id: "B", path: "memory/b.md", score: 0.6 }),
      ],
      keyword: [
        keywordRow({ id: "A", path: "memory/a.md", rank: -4.2, text: "a from fts" }),
        keywordRow({ id: "C", path: "memory/c.md", rank: -1 }),
      ],
    });
    const hits = await search({ query: "deploy key", ...fake });
    expect(hits.map((hit) => [hit.path, hit.score.toFixed(4)])).toEqual([
      ["memory/a.md", "0.8023"],
      ["memory/b.md", "0.4200"],
    ]);
    expect(hits[0]).toEqual({
      path: "memory/a.md",
      startLine: 1,
      endLine: 1,
      score: hits[0]?.parts.merged,
      snippet: "a from fts",
      source: "memory",
      parts: { keyword: 4.2 / 5.2, vector: 0.8, merged: 0.7 * 0.8 + 0.3 * (4.2 / 5.2), decay: 1 },
    });
  });

  it("reproduces the §6.4 decay table in vector-only mode: 0.30 and 0.2121 fall below minScore 0.35", async () => {
    const paths = [
      "memory/2026-02-13.md",
      "memory/2026-03-14.md",
      "docs/notes.md",
      "memory/projects.md",
      "memory/2026-01-29.md",
      "memory/2026-03-14-vendor-pitch.md",
      "MEMORY.md",
      "memory/2026-03-08.md",
      "memory/2026-03-20.md",
    ];
    const fake = legs({ vector: paths.map((path) => vectorRow({ path, score: 0.6 })) });
    const mtimes: string[] = [];
    const hits = await searchMemory({
      query: "vendor",
      settings: querySettings((settings) => {
        settings.hybrid.enabled = false;
      }),
      now: NOW,
      mode: "hybrid",
      maxResults: 10,
      ...fake,
      mtimeOf: (path) => {
        mtimes.push(path);
        return path === "docs/notes.md" ? at("2026-03-05T00:00:00Z") : undefined;
      },
    });
    expect(hits.map((hit) => [hit.path, hit.score.toFixed(4), hit.parts.decay.toFixed(4), hit.parts.ageDays])).toEqual([
      ["MEMORY.md", "0.6000", "1.0000", undefined],
      ["memory/2026-03-20.md", "0.6000", "1.0000", 0],
      ["memory/projects.md", "0.6000", "1.0000", undefined],
      ["memory/2026-03-14-vendor-pitch.md", "0.5863", "0.9772", 1],
      ["memory/2026-03-14.md", "0.5863", "0.9772", 1],
      ["memory/2026-03-08.md", "0.5104", "0.8507", 7],
      ["docs/notes.md", "0.4762", "0.7937", 10],
    ]);
    expect(hits.every((hit) => hit.parts.keyword === undefined && hit.parts.vector === 0.6)).toBe(true);
    // Dated and evergreen notes take their timestamp from the path: only the other file is stat'd, once.
    expect(mtimes).toEqual(["docs/notes.md"]);
    expect(fake.calls.map((call) => call.leg)).toEqual(["vector"]);
  });

  it("relaxes to keyword hits when strict is empty (the A′/B′ example with caller minScore 0.6)", async () => {
    const fake = legs({
      vector: [
        vectorRow({ id: "A′", path: "memory/a.md", score: 0.5 }),
        vectorRow({ id: "B′", path: "memory/b.md", score: 0.55 }),
      ],
      keyword: [keywordRow({ id: "A′", path: "memory/a.md", rank: -1 })],
    });
    const hits = await search({ query: "deploy", minScore: 0.6, ...fake });
    expect(hits.map((hit) => [hit.path, hit.score.toFixed(2)])).toEqual([["memory/a.md", "0.50"]]);
  });

  it("drops a chunk only the keyword leg found, with default weights (0.3 × text score < 0.3)", async () => {
    const fake = legs({ keyword: [keywordRow({ path: "memory/k.md", rank: -1000 })] });
    expect(await search({ query: "deploy", ...fake })).toEqual([]);
  });

  it("skips the keyword leg for a punctuation-only query but keeps hybrid weighting", async () => {
    const fake = legs({ vector: [vectorRow({ path: "memory/v.md", score: 0.9 })] });
    const hits = await search({ query: "?!", ...fake });
    expect(fake.calls.map((call) => call.leg)).toEqual(["vector"]);
    expect(hits.map((hit) => hit.score)).toEqual([0.7 * 0.9]);
  });

  it("uses raw vector scores when FTS5 is unavailable (no keyword leg)", async () => {
    const hits = await search({
      query: "deploy",
      vectorLeg: async () => [vectorRow({ path: "memory/v.md", score: 0.4 })],
    });
    expect(hits.map((hit) => [hit.score, hit.parts])).toEqual([[0.4, { vector: 0.4, merged: 0.4, decay: 1 }]]);
  });

  it("reorders with MMR in hybrid mode when enabled and records mmrRank", async () => {
    const texts = ["deploy key rotated staging", "deploy key rotated staging today", "invoice paid march"];
    const scores = [0.9, 0.85, 0.84];
    const fake = legs({
      vector: texts.map((text, index) =>
        vectorRow({ id: `X${index + 1}`, path: `memory/x${index + 1}.md`, text, score: scores[index] ?? 0 }),
      ),
    });
    const settings = querySettings((draft) => {
      draft.hybrid.mmr.enabled = true;
      draft.hybrid.vectorWeight = 1;
      draft.hybrid.textWeight = 0;
    });
    const hits = await searchMemory({ query: "deploy", settings, now: NOW, mode: "hybrid", ...fake });
    expect(hits.map((hit) => [hit.path, hit.parts.mmrRank])).toEqual([
      ["memory/x1.md", 1],
      ["memory/x3.md", 2],
      ["memory/x2.md", 3],
    ]);
  });

  it("turns decay off when configured, yet still orders ties by the newer date", async () => {
    const fake = legs({
      vector: ["memory/2025-01-01.md", "memory/2026-03-01.md"].map((path) => vectorRow({ path, score: 0.8 })),
    });
    const settings = querySettings((draft) => {
      draft.hybrid.temporalDecay.enabled = false;
      draft.hybrid.enabled = false;
    });
    const hits = await searchMemory({ query: "x", settings, now: NOW, mode: "hybrid", ...fake });
    expect(hits.map((hit) => [hit.path, hit.score, hit.parts.decay, hit.parts.ageDays])).toEqual([
      ["memory/2026-03-01.md", 0.8, 1, undefined],
      ["memory/2025-01-01.md", 0.8, 1, undefined],
    ]);
  });

  it("drops excluded chunks before maxResults is applied", async () => {
    const fake = legs({
      vector: [
        vectorRow({ path: "MEMORY.md", startLine: 1, endLine: 20, score: 0.9 }),
        vectorRow({ path: "memory/a.md", score: 0.8 }),
        vectorRow({ path: "memory/b.md", score: 0.7 }),
      ],
    });
    const hits = await searchMemory({
      query: "x",
      settings: querySettings((draft) => {
        draft.hybrid.enabled = false;
      }),
      now: NOW,
      mode: "hybrid",
      maxResults: 1,
      exclude: (location) => location.path === "MEMORY.md",
      ...fake,
    });
    expect(hits.map((hit) => hit.path)).toEqual(["memory/a.md"]);
  });

  it("asks for mtimes once per distinct path", async () => {
    const asked: string[] = [];
    await search({
      query: "x",
      vectorLeg: async () =>
        [1, 2, 3].map((line) => vectorRow({ id: `n${line}`, path: "docs/n.md", startLine: line, score: 0.9 })),
      mtimeOf: (path) => {
        asked.push(path);
        return NOW;
      },
    });
    expect(asked).toEqual(["docs/n.md"]);
  });
});

describe("searchMemory in FTS-only mode (memory.md §6.5)", () => {
  it("runs the keyword leg once per keyword, keeps each chunk's best score and never calls the vector leg", async () => {
    const byQuery: Record<string, KeywordRow[]> = {
      '"solution"': [keywordRow({ id: "s", path: "memory/s.md", rank: -1, text: "from solution" })],
      '"bug"': [
        keywordRow({ id: "s", path: "memory/s.md", rank: -3, text: "from bug" }),
        keywordRow({ id: "t", path: "memory/2026-02-13.md", rank: -9 }),
      ],
    };
    const fake = legs({ keyword: (query) => byQuery[query] ?? [], vector: [vectorRow({ score: 1 })] });
    const hits = await search({ query: "what was the solution for the bug", mode: "fts-only", ...fake });
    expect(fake.calls).toEqual([
      { leg: "keyword", query: '"solution"', limit: 24 },
      { leg: "keyword", query: '"bug"', limit: 24 },
    ]);
    expect(hits.map((hit) => [hit.path, hit.score.toFixed(4), hit.snippet])).toEqual([
      ["memory/s.md", "0.7500", "from bug"],
      ["memory/2026-02-13.md", "0.4500", "text of memory/2026-02-13.md"],
    ]);
    expect(hits[1]?.parts).toEqual({ keyword: 0.9, merged: 0.9, decay: 0.5, ageDays: 30 });
  });

  it("searches with the whole query when no keyword survives, and returns [] without a keyword leg", async () => {
    const fake = legs({});
    await search({ query: "what is it", mode: "fts-only", ...fake });
    expect(fake.calls).toEqual([{ leg: "keyword", query: '"what" AND "is" AND "it"', limit: 24 }]);
    expect(await search({ query: "deploy", mode: "fts-only", vectorLeg: fake.vectorLeg })).toEqual([]);
  });

  it("does not relax: keyword hits below minScore are dropped", async () => {
    const fake = legs({ keyword: [keywordRow({ path: "memory/low.md", rank: -0.4 })] });
    expect(await search({ query: "deploy", mode: "fts-only", ...fake })).toEqual([]);
  });
});
