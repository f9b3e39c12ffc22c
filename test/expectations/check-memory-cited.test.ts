import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/domain/index.js";
import { findCitations } from "../../src/expectations/check-memory-cited.js";
import { located, TEST_LOCATION } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";
import { memorySearchCall, toolEvents } from "./memory-search-events.js";

function check(path: string | undefined, reply: string, events: AgentEvent[]) {
  const expectation = located(path === undefined ? { type: "memory-cited" } : { type: "memory-cited", path });
  return checkOne(expectation, { result: { reply, events } });
}

const search = toolEvents(
  memorySearchCall("train", [
    ["memory/2026-03-10.md", 3, 5, 0.8],
    ["MEMORY.md", 10, 10, 0.4],
  ]),
);

describe("findCitations", () => {
  it("reads single-line and ranged citations in running text", () => {
    expect(findCitations("See (Source: memory/2026-03-10.md#L3-L5) and MEMORY.md#L10.")).toEqual([
      { path: "memory/2026-03-10.md", startLine: 3, endLine: 5, score: Number.NaN },
      { path: "MEMORY.md", startLine: 10, endLine: 10, score: Number.NaN },
    ]);
  });
});

describe("memory-cited", () => {
  it("passes when the reply cites a search result", async () => {
    expect(await check(undefined, "Your train leaves at 7:40 (memory/2026-03-10.md#L3-L5).", search)).toEqual({
      type: "memory-cited",
      pass: true,
      message: "memory-cited: memory/2026-03-10.md#L3-L5",
      expected: "a reply citing a memory_search result",
      actual: "reply cited: memory/2026-03-10.md#L3-L5; search returned: memory/2026-03-10.md#L3-L5, MEMORY.md#L10",
      location: TEST_LOCATION,
    });
  });

  it("accepts a citation of lines inside a result's range", async () => {
    expect(await check(undefined, "It is at memory/2026-03-10.md#L4.", search)).toMatchObject({ pass: true });
  });

  it("fails when the citation lies outside every result, saying what was cited and returned", async () => {
    expect(await check(undefined, "See memory/2026-03-10.md#L2-L5 and notes.md#L1.", search)).toMatchObject({
      pass: false,
      message:
        "expected a reply citing a memory_search result, but the reply cited: memory/2026-03-10.md#L2-L5, " +
        "notes.md#L1; search returned: memory/2026-03-10.md#L3-L5, MEMORY.md#L10",
    });
  });

  it("with path, needs a valid citation of that file", async () => {
    const reply = "From MEMORY.md#L10.";
    expect(await check("MEMORY.md", reply, search)).toMatchObject({ pass: true });
    expect(await check("memory/2026-03-10.md", reply, search)).toMatchObject({
      pass: false,
      expected: "a reply citing memory/2026-03-10.md within a memory_search result",
    });
  });

  it("fails when the reply has no citation or the turn made no search", async () => {
    expect(await check(undefined, "Your train leaves at 7:40.", search)).toMatchObject({
      pass: false,
      message:
        "expected a reply citing a memory_search result, but the reply cited: nothing; search returned: " +
        "memory/2026-03-10.md#L3-L5, MEMORY.md#L10",
    });
    expect(await check(undefined, "See MEMORY.md#L10.", [])).toMatchObject({
      pass: false,
      message:
        "expected a reply citing a memory_search result, but the reply cited: MEMORY.md#L10; no memory_search call in the turn",
    });
  });
});
