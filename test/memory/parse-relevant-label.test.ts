import { describe, expect, it } from "vitest";
import { hitsRelevantTarget, parseRelevantLabel } from "../../src/memory/parse-relevant-label.js";

describe("parseRelevantLabel", () => {
  it("reads a path, path#La-Lb, path#La-b and path#La; anything else is a path as written", () => {
    expect(
      ["memory/a.md", "memory/a.md#L3-L7", "memory/a.md#L3-7", "MEMORY.md#L4", "memory/c#notes.md", "#L3-L4"].map(
        parseRelevantLabel,
      ),
    ).toEqual([
      { path: "memory/a.md" },
      { path: "memory/a.md", lines: { start: 3, end: 7 } },
      { path: "memory/a.md", lines: { start: 3, end: 7 } },
      { path: "MEMORY.md", lines: { start: 4, end: 4 } },
      { path: "memory/c#notes.md" },
      { path: "#L3-L4" },
    ]);
  });
});

describe("hitsRelevantTarget", () => {
  const hit = { path: "memory/a.md", startLine: 10, endLine: 20 };
  it("a whole-file target matches any hit of the file; a range needs overlapping lines", () => {
    expect(hitsRelevantTarget({ path: "memory/a.md" }, hit)).toBe(true);
    expect(hitsRelevantTarget({ path: "memory/b.md" }, hit)).toBe(false);
    expect(hitsRelevantTarget({ path: "memory/a.md", lines: { start: 20, end: 25 } }, hit)).toBe(true);
    expect(hitsRelevantTarget({ path: "memory/a.md", lines: { start: 1, end: 10 } }, hit)).toBe(true);
    expect(hitsRelevantTarget({ path: "memory/a.md", lines: { start: 21, end: 25 } }, hit)).toBe(false);
    expect(hitsRelevantTarget({ path: "memory/a.md", lines: { start: 1, end: 9 } }, hit)).toBe(false);
  });
});
