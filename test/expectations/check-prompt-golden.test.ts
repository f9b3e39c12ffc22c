import { describe, expect, it } from "vitest";
import type { CheckPromptGolden } from "../../src/expectations/expectation-context.js";
import { located, TEST_LOCATION } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";

describe("prompt-golden", () => {
  const expectation = located({ type: "prompt-golden", file: "/suite/golden/a.md" });

  it("passes the turn's system prompt to the injected checker and reports its outcome", async () => {
    const requests: unknown[] = [];
    const checkPromptGolden: CheckPromptGolden = async (request) => {
      requests.push(request);
      return {
        pass: false,
        message: "system prompt differs from golden/a.md",
        expected: "golden/a.md",
        actual: "diff",
      };
    };
    const result = await checkOne(expectation, { result: { systemPrompt: "## Tooling" }, checkPromptGolden });
    expect(requests).toEqual([{ file: "/suite/golden/a.md", systemPrompt: "## Tooling" }]);
    expect(result).toEqual({
      type: "prompt-golden",
      pass: false,
      message: "system prompt differs from golden/a.md",
      expected: "golden/a.md",
      actual: "diff",
      location: TEST_LOCATION,
    });
  });

  it("passes when the checker matches", async () => {
    const checkPromptGolden: CheckPromptGolden = async () => ({
      pass: true,
      message: "system prompt matches golden/a.md",
      expected: "golden/a.md",
    });
    expect(await checkOne(expectation, { checkPromptGolden })).toEqual({
      type: "prompt-golden",
      pass: true,
      message: "system prompt matches golden/a.md",
      expected: "golden/a.md",
      location: TEST_LOCATION,
    });
  });

  it("fails without a checker (outside a run)", async () => {
    const result = await checkOne(expectation);
    expect(result).toMatchObject({ type: "prompt-golden", pass: false, expected: "/suite/golden/a.md" });
    expect(result.message).toMatch(/needs the runner's golden checker/);
  });
});
