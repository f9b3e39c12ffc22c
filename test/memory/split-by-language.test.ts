import { describe, expect, it } from "vitest";
import { queryLanguage, splitByLanguage } from "../../src/memory/split-by-language.js";

const entry = (query: string, recall: number, precision: number, reciprocalRank: number) => ({
  query,
  recall,
  precision,
  reciprocalRank,
});

describe("queryLanguage", () => {
  it("a query with any CJK character is Chinese, anything else English", () => {
    expect(
      ["莫干山徒步", "tax refund 退税", "Mochi 的疫苗", "東京タワー", "서울 여행", "tax refund", "café 2026", ""].map(
        queryLanguage,
      ),
    ).toEqual(["chinese", "chinese", "chinese", "chinese", "chinese", "english", "english", "english"]);
  });
});

describe("splitByLanguage", () => {
  it("averages each language's queries separately, English first", () => {
    const split = splitByLanguage([
      entry("水电费自动扣款", 1, 0.2, 1),
      entry("tax refund", 0.5, 0.4, 0.5),
      entry("rent increase", 0, 0, 0),
      entry("莫干山徒步", 0, 0, 0),
    ]);
    expect(Object.keys(split)).toEqual(["english", "chinese"]);
    expect(split).toEqual({
      english: { queries: 2, recallAtK: 0.25, precisionAtK: 0.2, mrr: 0.25 },
      chinese: { queries: 2, recallAtK: 0.5, precisionAtK: 0.1, mrr: 0.5 },
    });
  });

  it("leaves out a language without queries, and gives nothing for no queries", () => {
    expect(splitByLanguage([entry("tax refund", 1, 0.5, 1)])).toEqual({
      english: { queries: 1, recallAtK: 1, precisionAtK: 0.5, mrr: 1 },
    });
    expect(splitByLanguage([entry("退税", 1, 0.5, 1)])).toEqual({
      chinese: { queries: 1, recallAtK: 1, precisionAtK: 0.5, mrr: 1 },
    });
    expect(splitByLanguage([])).toEqual({});
  });
});
