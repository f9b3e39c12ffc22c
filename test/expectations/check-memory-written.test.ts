import { describe, expect, it } from "vitest";
import type { AgentEvent, ExpectationOf } from "../../src/domain/index.js";
import { located, TEST_LOCATION, type ToolCallSpec } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";
import { toolEvents } from "./memory-search-events.js";

type Options = Omit<ExpectationOf<"memory-written">, "type" | "location" | "contains" | "appendOnly"> & {
  contains?: string[];
  appendOnly?: boolean;
};

function check(options: Options, events: AgentEvent[]) {
  const expectation = located({ type: "memory-written", contains: [], appendOnly: false, ...options });
  return checkOne(expectation, { result: { events } });
}

const path = "memory/2026-03-11.md";

function write(content: string, target = path): ToolCallSpec {
  return { name: "write", input: { path: target, content }, output: `Wrote ${content.length} bytes to ${target}` };
}

function edit(oldText: string, newText: string, target = path): ToolCallSpec {
  return { name: "edit", input: { path: target, oldText, newText }, output: `Edited ${target}` };
}

describe("memory-written", () => {
  it("passes when a write of the path contains every text", async () => {
    const events = toolEvents(write("# 2026-03-11\n- Train moved to 7:40\n- Dentist on Friday\n", `./${path}`));
    expect(await check({ path, contains: ["7:40", "Dentist"] }, events)).toEqual({
      type: "memory-written",
      pass: true,
      message: "memory-written: 1 write of memory/2026-03-11.md (write)",
      expected: 'a write of memory/2026-03-11.md containing "7:40", "Dentist"',
      actual: "1 write of memory/2026-03-11.md (write)",
      location: TEST_LOCATION,
    });
  });

  it("fails when no write of the path succeeded, naming the files written", async () => {
    const failed: ToolCallSpec = { ...write("x"), output: "Permission denied", isError: true };
    expect(await check({ path }, toolEvents(failed, write("x", "MEMORY.md")))).toMatchObject({
      pass: false,
      message: "expected a write of memory/2026-03-11.md, but no write or edit of it succeeded (wrote only MEMORY.md)",
    });
    expect(await check({ path }, [])).toMatchObject({
      pass: false,
      message: "expected a write of memory/2026-03-11.md, but no write or edit succeeded in the turn",
    });
  });

  it("fails when no write contains every text, saying what the last one lacked", async () => {
    const events = toolEvents(write("- Train moved to 7:40\n"));
    expect(await check({ path, contains: ["7:40", "Dentist"] }, events)).toMatchObject({
      pass: false,
      message:
        'expected a write of memory/2026-03-11.md containing "7:40", "Dentist", but no write contained them all ' +
        '(the last lacks "Dentist"; it wrote "- Train moved to 7:40\\n")',
    });
  });

  it("appendOnly: passes a first write and edits that keep oldText as the start of newText", async () => {
    const events = toolEvents(write("# Notes\n"), edit("# Notes\n", "# Notes\n- Dentist on Friday\n"));
    expect(await check({ path, contains: ["Dentist"], appendOnly: true }, events)).toMatchObject({
      pass: true,
      message: "memory-written: 2 writes of memory/2026-03-11.md (write, edit)",
    });
  });

  it("appendOnly: fails an edit that rewrites text and a write after an earlier write", async () => {
    const events = toolEvents(write("# Notes\n- old\n"), edit("- old", "- new"), edit("", "x"), write("# Notes\n"));
    expect(await check({ path, appendOnly: true }, events)).toMatchObject({
      pass: false,
      message:
        'expected a write of memory/2026-03-11.md, append-only, but edit 2 replaced "- old" with text that ' +
        "does not start with it; edit 3 has an empty oldText; write 4 rewrote the whole file after an earlier write",
    });
  });

  it("without appendOnly, rewrites pass", async () => {
    const events = toolEvents(write("a"), write("b"));
    expect(await check({ path }, events)).toMatchObject({ pass: true });
  });
});
