import { describe, expect, it } from "vitest";
import { buildToolEvents, located, TEST_LOCATION } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";

const events = buildToolEvents([
  { name: "read", input: { path: "a.md" }, output: "A" },
  { name: "exec", input: { command: "rm -rf /" }, output: "blocked", isError: true },
  { name: "exec", input: { command: "ls" } },
]);

describe("tool-not-called", () => {
  it("passes when no call has the name", async () => {
    const result = await checkOne(located({ type: "tool-not-called", name: "write" }), { result: { events } });
    expect(result).toEqual({
      type: "tool-not-called",
      pass: true,
      message: "tool-not-called write",
      expected: "no call to write",
      actual: "no tool calls",
      location: TEST_LOCATION,
    });
  });

  it("fails showing the calls with that name, errored or unfinished ones included", async () => {
    const result = await checkOne(located({ type: "tool-not-called", name: "exec" }), { result: { events } });
    expect(result).toEqual({
      type: "tool-not-called",
      pass: false,
      message: "tool exec was called 2 times",
      expected: "no call to exec",
      actual: 'exec({"command":"rm -rf /"}), exec({"command":"ls"})',
      location: TEST_LOCATION,
    });
  });

  it("with input, passes when calls of that name exist but none has the input", async () => {
    const expectation = located({ type: "tool-not-called", name: "exec", input: { command: "rm -rf ~" } });
    const result = await checkOne(expectation, { result: { events } });
    expect(result).toEqual({
      type: "tool-not-called",
      pass: true,
      message: 'tool-not-called exec with {"command":"rm -rf ~"}',
      expected: 'no call to exec with {"command":"rm -rf ~"}',
      actual: "no tool calls",
      location: TEST_LOCATION,
    });
  });

  it("with input, fails on a call whose input contains it (the tool-called matcher: a deep subset)", async () => {
    const nested = buildToolEvents([
      { name: "write", input: { path: "notes/a.md", content: "x", options: { mode: "append", flags: [1] } } },
      { name: "write", input: { path: "b.md", content: "y" } },
    ]);
    const expectation = located({ type: "tool-not-called", name: "write", input: { options: { mode: "append" } } });
    const result = await checkOne(expectation, { result: { events: nested } });
    expect(result).toEqual({
      type: "tool-not-called",
      pass: false,
      message: 'tool write was called with {"options":{"mode":"append"}} 1 time',
      expected: 'no call to write with {"options":{"mode":"append"}}',
      actual: 'write({"content":"x","options":{"flags":[1],"mode":"append"},"path":"notes/a.md"})',
      location: TEST_LOCATION,
    });
  });
});
