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
});
