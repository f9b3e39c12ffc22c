import { describe, expect, it } from "vitest";
import type { AgentEvent, Expectation } from "../../src/domain/index.js";
import { checkExpectations } from "../../src/expectations/check-expectations.js";
import { buildScenario, buildTurn, buildTurnResult, TEST_LOCATION } from "../support/build-turn.js";

const snapshot: AgentEvent = {
  type: "skills_snapshot",
  runId: "r",
  sessionKey: "agent:main:main",
  version: 0,
  reused: false,
  eligible: ["alpha", "github", "hid"],
  excluded: [{ name: "zed", reason: "missing-bins" }],
  included: ["alpha"],
  dropped: [
    { name: "hid", reason: "disable-model-invocation" },
    { name: "github", reason: "count-limit" },
  ],
  truncated: true,
  promptChars: 420,
};

async function check(expectations: Expectation[], events: AgentEvent[] = [snapshot]) {
  const turn = buildTurn({ expect: expectations });
  return checkExpectations({
    scenario: buildScenario({ turns: [turn] }),
    turn,
    result: buildTurnResult({ events }),
    importModule: async () => ({}),
  });
}

const at = { location: TEST_LOCATION };

describe("skills expectations", () => {
  it("skills-included passes for catalog skills and names the reason of a missing one", async () => {
    const [pass, fail] = await check([
      { type: "skills-included", names: ["alpha"], ...at },
      { type: "skills-included", names: ["alpha", "zed", "nope"], ...at },
    ]);
    expect(pass?.pass).toBe(true);
    expect(fail).toMatchObject({
      pass: false,
      message: "skills not in the catalog: zed (missing-bins), nope (not discovered)",
    });
  });

  it("skills-excluded checks absence and, when given, the reason", async () => {
    const results = await check([
      { type: "skills-excluded", skills: [{ name: "zed", reason: "missing-bins" }, { name: "github" }], ...at },
      { type: "skills-excluded", skills: [{ name: "github", reason: "char-budget" }], ...at },
      { type: "skills-excluded", skills: [{ name: "alpha" }], ...at },
    ]);
    expect(results.map((result) => result.pass)).toEqual([true, false, false]);
    expect(results[1]?.message).toBe("github is absent for count-limit, not char-budget");
    expect(results[2]?.message).toBe("alpha is in the catalog");
  });

  it("skills-truncated compares the truncation flag", async () => {
    const [yes, no] = await check([
      { type: "skills-truncated", value: true, ...at },
      { type: "skills-truncated", value: false, ...at },
    ]);
    expect(yes?.pass).toBe(true);
    expect(no).toMatchObject({
      pass: false,
      message: "the skills catalog was truncated",
      actual: "true (1 included, 420 chars)",
    });
  });

  it("fails clearly when the turn recorded no skills snapshot", async () => {
    const [result] = await check([{ type: "skills-truncated", value: false, ...at }], []);
    expect(result).toMatchObject({ pass: false, message: "no skills snapshot was recorded for this turn" });
  });
});
