import { describe, expect, it } from "vitest";
import type { AgentEvent, ExpectationOf } from "../../src/domain/index.js";
import { located, TEST_LOCATION } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";

const base = { runId: "run-1", sessionKey: "agent:main:main" };

function recall(count: number, citations?: string[]): AgentEvent {
  return { ...base, type: "recall_injected", count, ...(citations === undefined ? {} : { citations }) };
}

type Options = Omit<ExpectationOf<"memory-recalled">, "type" | "location">;

function check(options: Options, events: AgentEvent[]) {
  return checkOne(located({ type: "memory-recalled", ...options }), { result: { events } });
}

const injected = [recall(2, ["memory/2026-03-10.md#L3-L5", "MEMORY.md#L210"])];

describe("memory-recalled", () => {
  it("passes when recall injected notes, listing their citations", async () => {
    expect(await check({ recalled: true }, injected)).toEqual({
      type: "memory-recalled",
      pass: true,
      message: "memory-recalled: 2 notes: memory/2026-03-10.md#L3-L5, MEMORY.md#L210",
      expected: "notes recalled",
      actual: "2 notes: memory/2026-03-10.md#L3-L5, MEMORY.md#L210",
      location: TEST_LOCATION,
    });
  });

  it("fails true without a recall and false with one", async () => {
    expect(await check({ recalled: true }, [])).toMatchObject({
      pass: false,
      message: "expected notes recalled, but no notes recalled",
    });
    expect(await check({ recalled: false }, [])).toMatchObject({ pass: true });
    expect(await check({ recalled: false }, injected)).toMatchObject({
      pass: false,
      message: "expected no notes recalled, but 2 notes: memory/2026-03-10.md#L3-L5, MEMORY.md#L210",
    });
  });

  it("counts only notes of path when given", async () => {
    expect(await check({ recalled: true, path: "./MEMORY.md" }, injected)).toMatchObject({ pass: true });
    expect(await check({ recalled: true, path: "memory/2026-03-01.md" }, injected)).toMatchObject({
      pass: false,
      message:
        "expected notes from memory/2026-03-01.md recalled, but 0 notes from memory/2026-03-01.md among " +
        "2 notes: memory/2026-03-10.md#L3-L5, MEMORY.md#L210",
    });
  });

  it("needs exactly count notes, summed over the turn's recalls", async () => {
    const twice = [...injected, recall(1)];
    expect(await check({ recalled: true, count: 3 }, twice)).toMatchObject({ pass: true });
    expect(await check({ recalled: true, count: 2 }, twice)).toMatchObject({
      pass: false,
      message: "expected exactly 2 notes recalled, but 3 notes: memory/2026-03-10.md#L3-L5, MEMORY.md#L210",
    });
    expect(await check({ recalled: false, count: 0 }, [recall(0)])).toMatchObject({ pass: true });
  });
});
