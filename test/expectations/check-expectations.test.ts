import { describe, expect, it } from "vitest";
import type { Expectation } from "../../src/domain/index.js";
import { checkExpectations, HANDLERS } from "../../src/expectations/check-expectations.js";
import { buildScenario, buildToolEvents, buildTurn, buildTurnResult, located } from "../support/build-turn.js";
import { importReal } from "./check-one.js";

describe("checkExpectations", () => {
  it("returns one result per expectation in the expectations' order", async () => {
    const turn = buildTurn({
      expect: [
        located({ type: "tool-called", name: "memory_search" }),
        located({ type: "reply-contains", values: ["GraphQL"] }),
        located({ type: "reply-equals", value: "nope" }),
        located({ type: "tool-not-called", name: "exec" }),
      ],
    });
    const result = buildTurnResult({
      reply: "We chose GraphQL.",
      events: buildToolEvents([{ name: "memory_search", input: { query: "API" }, output: "hit" }]),
    });
    const results = await checkExpectations({ scenario: buildScenario(), turn, result, importModule: importReal });
    expect(results.map((entry) => [entry.type, entry.pass])).toEqual([
      ["tool-called", true],
      ["reply-contains", true],
      ["reply-equals", false],
      ["tool-not-called", true],
    ]);
  });

  it("returns a failed result, not a throw, for a type without a handler", async () => {
    const unknown = located({ type: "reply-equals", value: "x" });
    const turn = buildTurn({ expect: [{ ...unknown, type: "reply-sounds-nice" } as unknown as Expectation] });
    const results = await checkExpectations({
      scenario: buildScenario(),
      turn,
      result: buildTurnResult(),
      importModule: importReal,
    });
    expect(results).toEqual([
      {
        type: "reply-sounds-nice",
        pass: false,
        message: 'unknown expectation type "reply-sounds-nice"',
        expected:
          "one of reply-equals, reply-contains, reply-matches, tool-called, tool-not-called, tool-sequence, prompt-contains, prompt-golden, skills-included, skills-excluded, skills-truncated, heartbeat-ack, delivered, reply-silent, stream-clean, subagent-spawned, hook-called, tool-blocked, event, custom, compaction, pruned, prompt-tokens-max, cost-max, memory-top-hit, memory-cited, memory-written, memory-recalled",
        actual: 'unknown expectation type "reply-sounds-nice"',
        location: unknown.location,
      },
    ]);
  });

  it("returns a failed result when a handler throws on a malformed expectation", async () => {
    const malformed = { type: "reply-contains", location: located({ type: "reply-equals", value: "" }).location };
    const results = await checkExpectations({
      scenario: buildScenario(),
      turn: buildTurn({ expect: [malformed as unknown as Expectation] }),
      result: buildTurnResult(),
      importModule: importReal,
    });
    expect(results).toHaveLength(1);
    expect(results[0]?.pass).toBe(false);
    expect(results[0]?.message).toMatch(/^reply-contains handler threw: TypeError: /);
  });

  it("has a handler for every expectation type", () => {
    expect(Object.keys(HANDLERS).sort()).toEqual([
      "compaction",
      "cost-max",
      "custom",
      "delivered",
      "event",
      "heartbeat-ack",
      "hook-called",
      "memory-cited",
      "memory-recalled",
      "memory-top-hit",
      "memory-written",
      "prompt-contains",
      "prompt-golden",
      "prompt-tokens-max",
      "pruned",
      "reply-contains",
      "reply-equals",
      "reply-matches",
      "reply-silent",
      "skills-excluded",
      "skills-included",
      "skills-truncated",
      "stream-clean",
      "subagent-spawned",
      "tool-blocked",
      "tool-called",
      "tool-not-called",
      "tool-sequence",
    ]);
  });
});
