import { describe, expect, it } from "vitest";
import { applyMmr } from "../../src/memory/apply-mmr.js";

const X1 = { name: "X1", snippet: "deploy key rotated staging", score: 0.9 };
const X2 = { name: "X2", snippet: "deploy key rotated staging today", score: 0.85 };
const X3 = { name: "X3", snippet: "invoice paid march", score: 0.84 };

const names = (items: readonly { name: string }[]) => items.map((item) => item.name);

describe("applyMmr (memory.md §6.6)", () => {
  it("reproduces the spec example: λ 0.7 orders X1, X3, X2", () => {
    expect(names(applyMmr([X1, X2, X3], 0.7))).toEqual(["X1", "X3", "X2"]);
  });

  it("keeps the input order at λ = 1 and for at most one item", () => {
    expect(names(applyMmr([X2, X1, X3], 1))).toEqual(["X2", "X1", "X3"]);
    expect(names(applyMmr([X3], 0.2))).toEqual(["X3"]);
    expect(applyMmr([], 0.5)).toEqual([]);
  });

  it("clamps λ to [0, 1]: above 1 behaves as 1", () => {
    expect(names(applyMmr([X2, X1, X3], 5))).toEqual(["X2", "X1", "X3"]);
  });

  it("changes order only, never scores, and returns a new array", () => {
    const input = [X1, X2, X3];
    const output = applyMmr(input, 0.5);
    expect(output).not.toBe(input);
    expect([...output].sort((left, right) => right.score - left.score)).toEqual(input);
  });

  it("treats CJK-only snippets as identical (empty token sets), so diversity prefers the Latin one", () => {
    const first = { name: "C1", snippet: "草莓库存", score: 0.9 };
    const second = { name: "C2", snippet: "苹果价格", score: 0.8 };
    const third = { name: "L", snippet: "apple price", score: 0.79 };
    expect(names(applyMmr([first, second, third], 0.5))).toEqual(["C1", "L", "C2"]);
  });

  it("gives every item relevance 1 when all scores are equal, then breaks ties by the earlier item", () => {
    const items = ["a b", "a b", "c d"].map((snippet, index) => ({ name: `E${index}`, snippet, score: 0.5 }));
    expect(names(applyMmr(items, 0.7))).toEqual(["E0", "E2", "E1"]);
  });

  it("breaks an MMR tie by the higher original score", () => {
    // At λ 0 only similarity counts: after "p", both others have similarity 0.
    const items = [
      { name: "p", snippet: "alpha", score: 0.9 },
      { name: "low", snippet: "beta", score: 0.1 },
      { name: "high", snippet: "gamma", score: 0.5 },
    ];
    expect(names(applyMmr(items, 0))).toEqual(["p", "high", "low"]);
  });
});
