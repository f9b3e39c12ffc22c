import { describe, expect, it } from "vitest";
import { buildToolEvents, located, TEST_LOCATION } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";

const events = buildToolEvents([
  { name: "memory_search", output: "hit" },
  { name: "read", output: "text" },
]);

describe("tool-sequence", () => {
  it("passes when the call names equal the list", async () => {
    const result = await checkOne(located({ type: "tool-sequence", names: ["memory_search", "read"] }), {
      result: { events },
    });
    expect(result).toEqual({
      type: "tool-sequence",
      pass: true,
      message: 'tool-sequence ["memory_search", "read"]',
      expected: '["memory_search", "read"]',
      actual: '["memory_search", "read"]',
      location: TEST_LOCATION,
    });
  });

  it("fails at the first differing call, showing both lists", async () => {
    const result = await checkOne(located({ type: "tool-sequence", names: ["memory_search", "write"] }), {
      result: { events },
    });
    expect(result).toEqual({
      type: "tool-sequence",
      pass: false,
      message: "tool sequence differs at call 2: expected write, found read",
      expected: '["memory_search", "write"]',
      actual: '["memory_search", "read"]',
      location: TEST_LOCATION,
    });
  });

  it("fails when the calls made are a prefix or an extension of the list", async () => {
    const shorter = await checkOne(located({ type: "tool-sequence", names: ["memory_search"] }), {
      result: { events },
    });
    expect(shorter.message).toBe("tool sequence differs at call 2: expected no more calls, found read");
    const longer = await checkOne(located({ type: "tool-sequence", names: ["memory_search", "read", "write"] }), {
      result: { events },
    });
    expect(longer.message).toBe("tool sequence differs at call 3: expected write, found no more calls");
  });
});
