import { describe, expect, it } from "vitest";
import { formatGrepMatches, GREP_MAX_LINE_CHARS } from "../../src/tools/format-grep-matches.js";

const lines = ["one", "two match", "three", "four", "five", "six match", "seven match", "eight", "nine", "ten"];

describe("formatGrepMatches", () => {
  it("prints matching lines without context", () => {
    expect(
      formatGrepMatches({ displayPath: "f.md", lines, regex: /match/, budgetChars: 1000, context: 0, maxMatches: 10 }),
    ).toEqual({
      output: ["f.md:2: two match", "f.md:6: six match", "f.md:7: seven match"],
      matches: 3,
      spentChars: lines.join("\n").length + 1,
      outOfBudget: false,
    });
  });

  it("merges overlapping context and separates distant groups with --", () => {
    const result = formatGrepMatches({
      displayPath: "f.md",
      lines,
      regex: /match/,
      budgetChars: 1000,
      context: 1,
      maxMatches: 10,
    });
    expect(result.output).toEqual([
      "f.md-1- one",
      "f.md:2: two match",
      "f.md-3- three",
      "--",
      "f.md-5- five",
      "f.md:6: six match",
      "f.md:7: seven match",
      "f.md-8- eight",
    ]);
  });

  it("stops at maxMatches and cuts long lines", () => {
    const long = "x".repeat(GREP_MAX_LINE_CHARS + 10);
    const result = formatGrepMatches({
      displayPath: "f",
      lines: [long, long],
      regex: /x/,
      budgetChars: 10_000,
      context: 0,
      maxMatches: 1,
    });
    expect(result).toEqual({
      output: [`f:1: ${"x".repeat(GREP_MAX_LINE_CHARS)}… [line cut]`],
      matches: 1,
      spentChars: long.length + 1,
      outOfBudget: false,
    });
  });

  it("stops before the first line that does not fit in the budget (each line costs its length plus one)", () => {
    const result = formatGrepMatches({
      displayPath: "f.md",
      lines,
      regex: /match/,
      context: 0,
      maxMatches: 10,
      budgetChars: 18,
    });
    expect(result).toEqual({ output: ["f.md:2: two match"], matches: 1, spentChars: 4 + 10, outOfBudget: true });
  });
});
