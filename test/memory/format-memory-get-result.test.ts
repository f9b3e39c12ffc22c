import { describe, expect, it } from "vitest";
import { formatMemoryGetResult, refuseMemoryGet, sliceLines } from "../../src/memory/format-memory-get-result.js";

describe("sliceLines (memory.md §7.2)", () => {
  const text = "a\nb\nc\nd";

  it("returns the spec example: from 2, lines 2 ⇒ b\\nc", () => {
    expect(sliceLines({ text, from: 2, lines: 2 })).toBe("b\nc");
  });

  it.each([
    [{}, "a\nb\nc\nd"],
    [{ from: 3 }, "c\nd"],
    [{ lines: 1 }, "a"],
    [{ from: 0, lines: 2 }, "a\nb"],
    [{ from: -4 }, "a\nb\nc\nd"],
    [{ from: 2, lines: 0 }, "b"],
    [{ from: 4, lines: 10 }, "d"],
    [{ from: 9 }, ""],
    [{ from: 2.7, lines: 1.9 }, "b"],
    [{ from: Number.NaN, lines: 2 }, "a\nb"],
  ])("slices %j", (range, expected) => {
    expect(sliceLines({ text, ...range })).toBe(expected);
  });
});

describe("memory_get results", () => {
  it("gives empty text for a missing file and sliced text otherwise", () => {
    expect(formatMemoryGetResult({ path: "MEMORY.md", text: undefined, from: 2 })).toEqual({
      path: "MEMORY.md",
      text: "",
    });
    expect(formatMemoryGetResult({ path: "memory/a.md", text: "a\nb\nc", from: 2, lines: 1 })).toEqual({
      path: "memory/a.md",
      text: "b",
    });
  });

  it("refuses with the classic error text", () => {
    expect(refuseMemoryGet("../x.md")).toEqual({ path: "../x.md", text: "", disabled: true, error: "path required" });
  });
});
