import { describe, expect, it } from "vitest";
import { located, TEST_LOCATION } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";

describe("reply-matches", () => {
  it("passes when the pattern matches with its flags", async () => {
    const result = await checkOne(located({ type: "reply-matches", pattern: "^we chose \\w+", flags: "i" }), {
      result: { reply: "We chose GraphQL." },
    });
    expect(result).toEqual({
      type: "reply-matches",
      pass: true,
      message: "reply-matches /^we chose \\w+/i",
      expected: "match /^we chose \\w+/i",
      actual: '"We chose GraphQL."',
      location: TEST_LOCATION,
    });
  });

  it("fails when the pattern does not match", async () => {
    const result = await checkOne(located({ type: "reply-matches", pattern: "^we chose", flags: "" }), {
      result: { reply: "We chose GraphQL." },
    });
    expect(result).toEqual({
      type: "reply-matches",
      pass: false,
      message: "reply does not match /^we chose/",
      expected: "match /^we chose/",
      actual: '"We chose GraphQL."',
      location: TEST_LOCATION,
    });
  });

  it("fails, without throwing, on an invalid pattern", async () => {
    const result = await checkOne(located({ type: "reply-matches", pattern: "(unclosed", flags: "" }), {
      result: { reply: "anything" },
    });
    expect(result).toEqual({
      type: "reply-matches",
      pass: false,
      message: "invalid regular expression /(unclosed/: Unterminated group",
      expected: "match /(unclosed/",
      actual: '"anything"',
      location: TEST_LOCATION,
    });
  });

  it("fails on invalid flags", async () => {
    const result = await checkOne(located({ type: "reply-matches", pattern: "a", flags: "zz" }), {
      result: { reply: "a" },
    });
    expect(result.pass).toBe(false);
    expect(result.message).toBe("invalid regular expression /a/zz: Invalid flags supplied to RegExp constructor 'zz'");
  });
});
