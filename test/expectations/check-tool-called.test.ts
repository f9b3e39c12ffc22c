import { describe, expect, it } from "vitest";
import { isDeepSubset } from "../../src/expectations/check-tool-called.js";
import { buildToolEvents, located, TEST_LOCATION } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";

const events = buildToolEvents([
  { name: "memory_search", input: { query: "API refactor", limit: 5 }, output: "hit" },
  { name: "read", input: { path: "memory/2026-03-10.md", range: [1, 3] }, output: "text" },
  { name: "memory_search", input: { query: "GraphQL" }, output: "hit" },
]);
const actual =
  'memory_search({"limit":5,"query":"API refactor"}), read({"path":"memory/2026-03-10.md","range":[1,3]}), memory_search({"query":"GraphQL"})';

describe("tool-called", () => {
  it("passes when a call has the name and an input containing the given subset", async () => {
    const result = await checkOne(
      located({ type: "tool-called", name: "memory_search", input: { query: "API refactor" } }),
      { result: { events } },
    );
    expect(result).toEqual({
      type: "tool-called",
      pass: true,
      message: 'tool-called memory_search with {"query":"API refactor"}',
      expected: 'memory_search with {"query":"API refactor"}',
      actual,
      location: TEST_LOCATION,
    });
  });

  it("passes with times when exactly that many calls match", async () => {
    const result = await checkOne(located({ type: "tool-called", name: "memory_search", times: 2 }), {
      result: { events },
    });
    expect(result).toEqual({
      type: "tool-called",
      pass: true,
      message: "tool-called memory_search, exactly 2 times",
      expected: "memory_search, exactly 2 times",
      actual,
      location: TEST_LOCATION,
    });
  });

  it("fails when no call has the name, showing the calls made", async () => {
    const result = await checkOne(located({ type: "tool-called", name: "Memory_Search" }), { result: { events } });
    expect(result).toEqual({
      type: "tool-called",
      pass: false,
      message: "tool Memory_Search was not called",
      expected: "Memory_Search",
      actual,
      location: TEST_LOCATION,
    });
  });

  it("fails when no call of that name has a matching input", async () => {
    const result = await checkOne(located({ type: "tool-called", name: "read", input: { range: [1] } }), {
      result: { events },
    });
    expect(result).toEqual({
      type: "tool-called",
      pass: false,
      message: 'tool read was called 1 time but never with {"range":[1]}',
      expected: 'read with {"range":[1]}',
      actual,
      location: TEST_LOCATION,
    });
  });

  it("fails when the count of matching calls differs from times", async () => {
    const result = await checkOne(
      located({ type: "tool-called", name: "memory_search", input: { query: "GraphQL" }, times: 2 }),
      { result: { events } },
    );
    expect(result).toEqual({
      type: "tool-called",
      pass: false,
      message: 'tool memory_search was called with {"query":"GraphQL"} 1 time, expected exactly 2 times',
      expected: 'memory_search with {"query":"GraphQL"}, exactly 2 times',
      actual,
      location: TEST_LOCATION,
    });
  });

  it("says so when no tool was called at all", async () => {
    const result = await checkOne(located({ type: "tool-called", name: "read" }));
    expect(result.actual).toBe("no tool calls");
  });
});

describe("isDeepSubset", () => {
  it("matches objects by keys recursively", () => {
    expect(isDeepSubset({ a: { b: 1 } }, { a: { b: 1, c: 2 }, d: 3 })).toBe(true);
    expect(isDeepSubset({ a: { b: 1 } }, { a: { b: "1" } })).toBe(false);
    expect(isDeepSubset({ a: null }, {})).toBe(false);
    expect(isDeepSubset({}, { a: 1 })).toBe(true);
  });

  it("matches arrays of equal length element by element", () => {
    expect(isDeepSubset([{ a: 1 }, 2], [{ a: 1, b: 0 }, 2])).toBe(true);
    expect(isDeepSubset([1], [1, 2])).toBe(false);
    expect(isDeepSubset([1, 2], { 0: 1, 1: 2 })).toBe(false);
  });

  it("matches primitives strictly", () => {
    expect(isDeepSubset(1, 1)).toBe(true);
    expect(isDeepSubset(1, "1")).toBe(false);
    expect(isDeepSubset(null, undefined)).toBe(false);
    expect(isDeepSubset({ a: 1 }, [1])).toBe(false);
  });
});
