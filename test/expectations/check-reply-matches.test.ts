import { describe, expect, it } from "vitest";
import { compileSafeRegex } from "../../src/platform/compile-safe-regex.js";
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
      message: "invalid regular expression /(unclosed/: missing closing ): `(unclosed`",
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
    expect(result.message).toBe('invalid regular expression /a/zz: unknown flag "z" (use i, m or s)');
  });

  it("answers ^(a+)+$ at once, with the right answer", async () => {
    const check = (reply: string) =>
      checkOne(located({ type: "reply-matches", pattern: "^(a+)+$", flags: "" }), { result: { reply } });
    expect((await check(`${"a".repeat(30)}!`)).pass).toBe(false);
    expect((await check("a".repeat(31))).pass).toBe(true);
  });

  it("fails on a backreference or lookaround, naming the construct", async () => {
    const result = await checkOne(located({ type: "reply-matches", pattern: "(?<!x)y", flags: "" }), {
      result: { reply: "y" },
    });
    expect(result.pass).toBe(false);
    expect(result.message).toBe(
      "invalid regular expression /(?<!x)y/: negative lookbehind (?<! (at offset 0) is not supported: patterns " +
        "run on a linear-time engine, which has no backreferences or lookaround",
    );
  });

  it("honours the m and s flags and ignores g", async () => {
    const check = async (pattern: string, flags: string) =>
      (await checkOne(located({ type: "reply-matches", pattern, flags }), { result: { reply: "one\ntwo" } })).pass;
    expect([
      await check("^two$", ""),
      await check("^two$", "m"),
      await check("one.two", ""),
      await check("one.two", "s"),
    ]).toEqual([false, true, false, true]);
    expect([await check("two", "g"), await check("two", "g")]).toEqual([true, true]);
  });

  it("fails, saying why, on a reply longer than the pattern may search", async () => {
    const compiled = compileSafeRegex({ pattern: "[ab]{1000}" });
    if (!compiled.ok) throw new Error(compiled.problem);
    const budget = compiled.regex.searchBudgetChars;
    const result = await checkOne(located({ type: "reply-matches", pattern: "[ab]{1000}", flags: "" }), {
      result: { reply: "a".repeat(budget + 1) },
    });
    expect(result.pass).toBe(false);
    expect(result.message).toBe(
      `the reply is ${budget + 1} characters long, more than the ${budget} /[ab]{1000}/ may search (a smaller ` +
        "pattern may search more)",
    );
  });
});
