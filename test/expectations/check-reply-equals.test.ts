import { describe, expect, it } from "vitest";
import { firstDifference } from "../../src/expectations/check-reply-equals.js";
import { located, TEST_LOCATION } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";

describe("reply-equals", () => {
  it("passes on an exact match", async () => {
    const result = await checkOne(located({ type: "reply-equals", value: "HEARTBEAT_OK" }), {
      result: { reply: "HEARTBEAT_OK" },
    });
    expect(result).toEqual({
      type: "reply-equals",
      pass: true,
      message: 'reply-equals "HEARTBEAT_OK"',
      expected: '"HEARTBEAT_OK"',
      actual: '"HEARTBEAT_OK"',
      location: TEST_LOCATION,
    });
  });

  it("fails with the first differing index and a snippet of both sides", async () => {
    const result = await checkOne(located({ type: "reply-equals", value: "HEARTBEAT_OK" }), {
      result: { reply: "HEARTBEAT_OK\n" },
    });
    expect(result).toEqual({
      type: "reply-equals",
      pass: false,
      message: 'reply differs from expected at index 12: expected "HEARTBEAT_OK", found "HEARTBEAT_OK\\n"',
      expected: '"HEARTBEAT_OK"',
      actual: '"HEARTBEAT_OK\\n"',
      location: TEST_LOCATION,
    });
  });

  it("cuts snippets around the difference in long texts", async () => {
    const prefix = "x".repeat(50);
    const result = await checkOne(located({ type: "reply-equals", value: `${prefix}cat${prefix}` }), {
      result: { reply: `${prefix}dog${prefix}` },
    });
    const side = (word: string) => `…"${"x".repeat(20)}${word}${"x".repeat(17)}"…`;
    expect(result.message).toBe(
      `reply differs from expected at index 50: expected ${side("cat")}, found ${side("dog")}`,
    );
  });

  it("finds the first difference", () => {
    expect(firstDifference("abc", "abc")).toBe(-1);
    expect(firstDifference("abc", "abd")).toBe(2);
    expect(firstDifference("ab", "abc")).toBe(2);
    expect(firstDifference("", "a")).toBe(0);
  });
});
