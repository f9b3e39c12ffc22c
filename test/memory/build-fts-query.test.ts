import { describe, expect, it } from "vitest";
import { buildFtsQuery, MAX_QUERY_TOKENS, rankToScore } from "../../src/memory/build-fts-query.js";
import { extractQueryKeywords } from "../../src/memory/extract-query-keywords.js";

describe("buildFtsQuery (memory.md §6.1)", () => {
  it("quotes every letter/digit/underscore run and joins them with AND", () => {
    expect(buildFtsQuery("deploy key, v2!")).toBe('"deploy" AND "key" AND "v2"');
    expect(buildFtsQuery("草莓 库存")).toBe('"草莓" AND "库存"');
    expect(buildFtsQuery('say "snake_case" now')).toBe('"say" AND "snake_case" AND "now"');
  });

  it("gives no query for blank or punctuation-only input", () => {
    expect(buildFtsQuery("   ")).toBeUndefined();
    expect(buildFtsQuery("?! -- ...")).toBeUndefined();
    expect(buildFtsQuery("")).toBeUndefined();
  });

  it("keeps the raw case and digits (FTS5 folds case itself)", () => {
    expect(buildFtsQuery("Deploy 2026-03-14")).toBe('"Deploy" AND "2026" AND "03" AND "14"');
  });
});

describe("long queries", () => {
  it("keep the first MAX_QUERY_TOKENS tokens in the FTS query and in the keyword list", () => {
    const words = Array.from({ length: MAX_QUERY_TOKENS + 50 }, (_, index) => `word${index}`);
    const query = buildFtsQuery(words.join(" ")) ?? "";
    expect(query.split(" AND ")).toEqual(words.slice(0, MAX_QUERY_TOKENS).map((word) => `"${word}"`));
    expect(extractQueryKeywords(words.join(" "))).toEqual(words.slice(0, MAX_QUERY_TOKENS));
    expect(buildFtsQuery("milk ".repeat(100_000))?.split(" AND ")).toHaveLength(MAX_QUERY_TOKENS);
  });
});

describe("rankToScore (2026.3.31 rule)", () => {
  it.each([
    [-4.2, 0.8077],
    [-2.1, 0.6774],
    [-0.5, 0.3333],
    [0, 1],
    [1, 0.5],
  ])("maps rank %d to %d", (rank, score) => {
    expect(rankToScore(rank)).toBeCloseTo(score, 4);
  });

  it("maps non-finite ranks to 0.001", () => {
    expect(rankToScore(Number.NaN)).toBe(0.001);
    expect(rankToScore(Number.NEGATIVE_INFINITY)).toBe(0.001);
    expect(rankToScore(Number.POSITIVE_INFINITY)).toBe(0.001);
  });

  it("keeps BM25 order: a more negative rank scores higher (classic 2026.3.2 mapped all to 1.0)", () => {
    expect(rankToScore(-4.2)).toBeGreaterThan(rankToScore(-2.1));
    expect(rankToScore(-2.1)).toBeGreaterThan(rankToScore(-0.5));
    expect(rankToScore(-0.5)).toBeLessThan(1);
  });
});
