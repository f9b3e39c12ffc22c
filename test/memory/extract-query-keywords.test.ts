import { describe, expect, it } from "vitest";
import { extractQueryKeywords } from "../../src/memory/extract-query-keywords.js";

describe("extractQueryKeywords (memory.md §6.5)", () => {
  it("keeps only the content words of the spec's example", () => {
    expect(extractQueryKeywords("what was the solution for the bug")).toEqual(["solution", "bug"]);
  });

  it("lower-cases, splits on punctuation and dedupes keeping the first occurrence", () => {
    expect(extractQueryKeywords("Deploy-KEY rotation; deploy key?")).toEqual(["deploy", "key", "rotation"]);
  });

  it("drops pure numbers, underscore-only tokens and ASCII tokens shorter than 3 characters", () => {
    expect(extractQueryKeywords("v2 of 42 ab ___ api_v2 2026")).toEqual(["api_v2"]);
  });

  it("keeps short non-ASCII words", () => {
    expect(extractQueryKeywords("café où")).toEqual(["café", "où"]);
  });

  it("splits CJK runs into characters and adjacent pairs and drops Chinese stop words and pairs holding one", () => {
    expect(extractQueryKeywords("草莓库存")).toEqual(["草", "莓", "库", "存", "草莓", "莓库", "库存"]);
    expect(extractQueryKeywords("我们的草莓")).toEqual(["草", "莓", "草莓"]);
  });

  it("separates CJK from Latin letters inside one run", () => {
    expect(extractQueryKeywords("草莓stock")).toEqual(["草", "莓", "草莓", "stock"]);
  });

  it("returns [] when only stop words and noise remain, so the caller falls back to the whole query", () => {
    expect(extractQueryKeywords("what is it?")).toEqual([]);
    expect(extractQueryKeywords("   ")).toEqual([]);
    expect(extractQueryKeywords("什么是")).toEqual([]);
  });
});
