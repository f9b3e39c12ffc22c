import { describe, expect, it } from "vitest";
import { orderMemoryResults } from "../../src/memory/order-memory-results.js";
import { at } from "./memory-search-fixtures.js";

function result(path: string, score: number, fields: { startLine?: number; timestampMs?: number } = {}) {
  return { path, score, startLine: fields.startLine ?? 1, timestampMs: fields.timestampMs };
}

describe("orderMemoryResults (memory.md §6.7)", () => {
  it("sorts by score descending first", () => {
    const ordered = orderMemoryResults([result("b.md", 0.2), result("MEMORY.md", 0.1), result("a.md", 0.9)]);
    expect(ordered.map((item) => item.path)).toEqual(["a.md", "b.md", "MEMORY.md"]);
  });

  it("breaks score ties by MEMORY.md/memory.md, newer timestamp, no timestamp last, path, then start line", () => {
    const ordered = orderMemoryResults([
      result("memory/projects.md", 0.5, { startLine: 9 }),
      result("memory/2026-03-01.md", 0.5, { timestampMs: at("2026-03-01T00:00:00Z") }),
      result("memory/projects.md", 0.5, { startLine: 2 }),
      result("memory/2026-03-14.md", 0.5, { timestampMs: at("2026-03-14T00:00:00Z") }),
      result("memory.md", 0.5),
      result("MEMORY.md", 0.5, { startLine: 40 }),
      result("MEMORY.md", 0.5, { startLine: 3 }),
      result("memory/ideas.md", 0.5),
    ]);
    expect(ordered.map((item) => `${item.path}:${item.startLine}`)).toEqual([
      "MEMORY.md:3",
      "MEMORY.md:40",
      "memory.md:1",
      "memory/2026-03-14.md:1",
      "memory/2026-03-01.md:1",
      "memory/ideas.md:1",
      "memory/projects.md:2",
      "memory/projects.md:9",
    ]);
  });

  it("returns a new array and leaves the input untouched", () => {
    const input = [result("b.md", 0.1), result("a.md", 0.2)];
    const ordered = orderMemoryResults(input);
    expect(ordered).not.toBe(input);
    expect(input.map((item) => item.path)).toEqual(["b.md", "a.md"]);
  });
});
