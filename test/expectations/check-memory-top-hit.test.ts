import { describe, expect, it } from "vitest";
import type { AgentEvent, ExpectationOf } from "../../src/domain/index.js";
import { located, TEST_LOCATION } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";
import { memorySearchCall, toolEvents } from "./memory-search-events.js";

type Options = Omit<ExpectationOf<"memory-top-hit">, "type" | "location" | "rank"> & { rank?: number };

function check(options: Options, events: AgentEvent[]) {
  return checkOne(located({ type: "memory-top-hit", rank: 1, ...options }), { result: { events } });
}

const searches = toolEvents(
  memorySearchCall("train time", [
    ["memory/2026-03-10.md", 3, 5, 0.8234],
    ["MEMORY.md", 10, 10, 0.41],
    ["memory/2026-03-01.md", 1, 4, 0.3],
  ]),
  memorySearchCall("dentist", [["memory/2026-02-20.md", 7, 9, 0.9]]),
);

describe("memory-top-hit", () => {
  it("passes when the first search's top result is the file, with overlapping lines", async () => {
    expect(await check({ path: "memory/2026-03-10.md", lines: { start: 5, end: 8 } }, searches)).toEqual({
      type: "memory-top-hit",
      pass: true,
      message: "memory-top-hit: memory/2026-03-10.md at rank 1",
      expected: "memory/2026-03-10.md#L5-L8 as the top result of the first memory_search",
      actual: "1. memory/2026-03-10.md#L3-L5 (0.823), 2. MEMORY.md#L10 (0.41), 3. memory/2026-03-01.md#L1-L4 (0.3)",
      location: TEST_LOCATION,
    });
  });

  it("fails when the file is only second, listing the top results with scores", async () => {
    expect(await check({ path: "./MEMORY.md" }, searches)).toMatchObject({
      pass: false,
      message:
        "expected ./MEMORY.md as the top result of the first memory_search, but the results were: " +
        "1. memory/2026-03-10.md#L3-L5 (0.823), 2. MEMORY.md#L10 (0.41), 3. memory/2026-03-01.md#L1-L4 (0.3)",
    });
  });

  it("passes within the top rank results, reporting the rank found", async () => {
    expect(await check({ path: "MEMORY.md", lines: { start: 10, end: 10 }, rank: 2 }, searches)).toMatchObject({
      pass: true,
      message: "memory-top-hit: MEMORY.md at rank 2",
    });
  });

  it("fails when the lines do not overlap the hit's range", async () => {
    expect(await check({ path: "memory/2026-03-10.md", lines: { start: 6, end: 6 } }, searches)).toMatchObject({
      pass: false,
      expected: "memory/2026-03-10.md#L6 as the top result of the first memory_search",
    });
  });

  it("checks the search whose query is given", async () => {
    expect(await check({ path: "memory/2026-02-20.md", query: "dentist" }, searches)).toMatchObject({ pass: true });
    expect(await check({ path: "memory/2026-02-20.md", query: "train" }, searches)).toMatchObject({
      pass: false,
      message:
        'expected memory/2026-02-20.md as the top result of memory_search "train", but no memory_search call ' +
        'with that query (queries: "train time", "dentist")',
    });
  });

  it("fails without a search, or when the search was unavailable", async () => {
    expect(await check({ path: "MEMORY.md" }, [])).toMatchObject({
      pass: false,
      message: "expected MEMORY.md as the top result of the first memory_search, but no memory_search call in the turn",
    });
    const unavailable = toolEvents({
      name: "memory_search",
      input: { query: "x" },
      output: JSON.stringify({ results: [], disabled: true, unavailable: true, error: "quota exceeded" }),
    });
    expect(await check({ path: "MEMORY.md" }, unavailable)).toMatchObject({
      pass: false,
      message:
        'expected MEMORY.md as the top result of the first memory_search, but memory_search "x": ' +
        "memory search was unavailable: quota exceeded",
    });
  });
});
