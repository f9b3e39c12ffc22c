import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/domain/index.js";
import { collectToolCalls } from "../../src/expectations/expectation-context.js";
import { buildToolEvents } from "../support/build-turn.js";

describe("collectToolCalls", () => {
  it("pairs starts and ends by id in call order", () => {
    const [readStart, readEnd, execStart, execEnd, lsStart] = buildToolEvents([
      { name: "read", input: { path: "a.md" }, output: "A" },
      { name: "exec", input: { command: "false" }, output: "exit 1", isError: true },
      { name: "ls" },
    ]);
    // Ends arriving out of order still pair with their own start.
    const events = [readStart, execStart, lsStart, execEnd, readEnd].filter(
      (event): event is AgentEvent => event !== undefined,
    );
    expect(collectToolCalls(events)).toEqual([
      {
        id: "call-1",
        name: "read",
        input: { path: "a.md" },
        isError: false,
        output: { content: [{ type: "text", text: "A" }], isError: false },
      },
      {
        id: "call-2",
        name: "exec",
        input: { command: "false" },
        isError: true,
        output: { content: [{ type: "text", text: "exit 1" }], isError: true },
      },
      { id: "call-3", name: "ls", input: {}, isError: false, output: undefined },
    ]);
  });

  it("ignores an end without a start and other events", () => {
    const [, orphanEnd] = buildToolEvents([{ id: "lost", name: "read", output: "x" }]);
    const events: AgentEvent[] = [{ runId: "r", sessionKey: "s", type: "turn_start", step: 1 }];
    if (orphanEnd !== undefined) events.push(orphanEnd);
    expect(collectToolCalls(events)).toEqual([]);
  });
});
