import { describe, expect, it } from "vitest";
import { capMemoryLines } from "../../src/prompt/cap-memory-lines.js";

const numbered = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join("\n");

describe("capMemoryLines (spec/memory.md §1.1)", () => {
  it("keeps 200 lines and appends the two marker lines", () => {
    const result = capMemoryLines(numbered(300), { fileName: "MEMORY.md", maxLines: 200 });
    const lines = result.text.split("\n");
    expect(lines).toHaveLength(202);
    expect(lines.slice(0, 200)).toEqual(numbered(200).split("\n"));
    expect(lines.slice(200)).toEqual([
      "[...truncated, read MEMORY.md for full content...]",
      "…(truncated MEMORY.md: kept 200 of 300 lines)…",
    ]);
    expect(result).toMatchObject({ capped: true, keptChars: numbered(200).length, totalLines: 300 });
  });

  it("leaves files at or under the cap, and everything when the cap is 0", () => {
    expect(capMemoryLines(numbered(200), { fileName: "MEMORY.md", maxLines: 200 }).capped).toBe(false);
    expect(capMemoryLines(numbered(300), { fileName: "MEMORY.md", maxLines: 0 }).text).toBe(numbered(300));
  });
});
