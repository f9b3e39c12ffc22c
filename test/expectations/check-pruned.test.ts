import { describe, expect, it } from "vitest";
import type { AgentEvent, ExpectationOf, PruneMechanism } from "../../src/domain/index.js";
import { buildToolEvents, located, TEST_LOCATION } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";

const base = { runId: "run-1", sessionKey: "agent:main:main" };

function pruned(mechanism: PruneMechanism, ...toolCallIds: string[]): AgentEvent {
  return { ...base, type: "context_pruned", mechanism, toolCallIds };
}

const tools = buildToolEvents([
  { name: "exec", output: "x".repeat(10) },
  { name: "read", output: "y" },
  { name: "exec", output: "z" },
]);

/** A result from an earlier run, named only by the run's agent_end messages. */
const earlier: AgentEvent = {
  ...base,
  type: "agent_end",
  success: true,
  stopReason: "end_turn",
  messages: [{ role: "tool_result", toolCallId: "old-1", toolName: "grep", content: [], isError: false }],
};

type Options = Omit<ExpectationOf<"pruned">, "type" | "location">;

function check(options: Options, events: AgentEvent[]) {
  return checkOne(located({ type: "pruned", ...options }), { result: { events: [...tools, earlier, ...events] } });
}

describe("pruned", () => {
  it("passes when a tool result was pruned, listing mechanisms and tools", async () => {
    const events = [pruned("guard-truncate", "call-1", "call-2"), pruned("persist-cap", "call-3")];
    expect(await check({ pruned: true }, events)).toEqual({
      type: "pruned",
      pass: true,
      message: "pruned: guard-truncate: exec call-1, read call-2; persist-cap: exec call-3",
      expected: "a tool result pruned",
      actual: "guard-truncate: exec call-1, read call-2; persist-cap: exec call-3",
      location: TEST_LOCATION,
    });
  });

  it("fails when nothing was pruned, or nothing by the expected mechanism", async () => {
    expect(await check({ pruned: true }, [])).toMatchObject({
      pass: false,
      message: "expected a tool result pruned, but 0 matching tool results were pruned (no tool result pruned)",
    });
    expect((await check({ pruned: true, mechanism: "soft-trim" }, [pruned("hard-clear", "call-1")])).message).toBe(
      "expected a tool result pruned by soft-trim, but 0 matching tool results were pruned (hard-clear: exec call-1)",
    );
  });

  it("pruned: false passes only when no matching result was pruned", async () => {
    expect((await check({ pruned: false }, [])).pass).toBe(true);
    expect((await check({ pruned: false, tools: ["read"] }, [pruned("guard-clear", "call-1")])).pass).toBe(true);
    expect(await check({ pruned: false }, [pruned("guard-clear", "call-1")])).toMatchObject({
      pass: false,
      message: "expected no tool result pruned, but 1 matching tool result was pruned (guard-clear: exec call-1)",
    });
  });

  it("needs every named tool among the pruned results, resolving names from earlier runs' messages", async () => {
    const events = [pruned("guard-clear", "call-1", "old-1")];
    expect((await check({ pruned: true, tools: ["exec", "grep"] }, events)).pass).toBe(true);
    expect((await check({ pruned: true, tools: ["exec", "read"] }, events)).message).toBe(
      "expected a tool result of exec, read pruned (each tool), but no read result was pruned (guard-clear: exec call-1, grep old-1)",
    );
  });

  it("counts distinct tool results exactly, whatever the number of passes over them", async () => {
    const events = [pruned("soft-trim", "call-1"), pruned("hard-clear", "call-1"), pruned("soft-trim", "call-3")];
    expect((await check({ pruned: true, tools: ["exec"], count: 2 }, events)).pass).toBe(true);
    expect((await check({ pruned: true, count: 3 }, events)).message).toBe(
      "expected exactly 3 tool results pruned, but 2 matching tool results were pruned (soft-trim: exec call-1, exec call-3; hard-clear: exec call-1)",
    );
    expect((await check({ pruned: false, count: 0, mechanism: "guard-truncate" }, events)).pass).toBe(true);
  });

  it("names a result whose tool no event of the turn names", async () => {
    expect((await check({ pruned: true, tools: ["exec"] }, [pruned("overflow-truncate", "lost-9")])).actual).toBe(
      "overflow-truncate: (tool unknown) lost-9",
    );
  });
});
