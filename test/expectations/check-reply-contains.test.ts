import { describe, expect, it } from "vitest";
import { located, TEST_LOCATION } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";

const reply = "We chose GraphQL (memory/2026-03-10.md#L3).";

describe("reply-contains", () => {
  it("passes when every value is a substring", async () => {
    const result = await checkOne(located({ type: "reply-contains", values: ["GraphQL", "#L3"] }), {
      result: { reply },
    });
    expect(result).toEqual({
      type: "reply-contains",
      pass: true,
      message: 'reply-contains "GraphQL", "#L3"',
      expected: '"GraphQL", "#L3"',
      actual: JSON.stringify(reply),
      location: TEST_LOCATION,
    });
  });

  it("fails naming only the missing values", async () => {
    const result = await checkOne(located({ type: "reply-contains", values: ["GraphQL", "REST", "graphql"] }), {
      result: { reply },
    });
    expect(result).toEqual({
      type: "reply-contains",
      pass: false,
      message: 'reply does not contain "REST", "graphql"',
      expected: '"GraphQL", "REST", "graphql"',
      actual: JSON.stringify(reply),
      location: TEST_LOCATION,
    });
  });

  it("truncates a long reply in actual", async () => {
    const result = await checkOne(located({ type: "reply-contains", values: ["GraphQL"] }), {
      result: { reply: "y".repeat(600) },
    });
    expect(result.actual).toBe(`"${"y".repeat(500)}"… (100 more chars)`);
  });
});
