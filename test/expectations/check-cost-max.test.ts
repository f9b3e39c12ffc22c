import { describe, expect, it } from "vitest";
import type { Expectation, TurnResult } from "../../src/domain/index.js";
import { checkExpectations } from "../../src/expectations/check-expectations.js";
import { buildScenario, buildTurn, buildTurnResult, located, TEST_LOCATION } from "../support/build-turn.js";
import { checkOne, importReal } from "./check-one.js";

const perTurn = (maxUsd: number) => located({ type: "cost-max", maxUsd, per: "turn" });

async function checkUnit(expectation: Expectation, turns: TurnResult[], model?: string) {
  const result = turns[turns.length - 1] ?? buildTurnResult();
  const [checked] = await checkExpectations({
    scenario: buildScenario(),
    turn: buildTurn({ expect: [expectation] }),
    result,
    unitTurns: turns,
    importModule: importReal,
    ...(model === undefined ? {} : { model }),
  });
  return checked;
}

describe("cost-max", () => {
  it("passes per turn when the turn cost at most the limit", async () => {
    const result = await checkOne(perTurn(0.05), { result: { costUsd: 0.0123 } });
    expect(result).toEqual({
      type: "cost-max",
      pass: true,
      message: "cost-max $0.05 (the turn cost $0.0123)",
      expected: "the turn cost at most $0.05",
      actual: "$0.0123",
      location: TEST_LOCATION,
    });
  });

  it("fails per turn when the turn cost more", async () => {
    const result = await checkOne(perTurn(0.01), { result: { costUsd: 0.012345 } });
    expect(result).toEqual({
      type: "cost-max",
      pass: false,
      message: "the turn cost $0.01235, more than $0.01",
      expected: "the turn cost at most $0.01",
      actual: "$0.01235",
      location: TEST_LOCATION,
    });
  });

  it("per unit sums the unit's turns so far, this one included", async () => {
    const turns = [buildTurnResult({ costUsd: 0.02 }), buildTurnResult({ index: 1, costUsd: 0.02 })];
    const limit = located({ type: "cost-max", maxUsd: 0.03, per: "unit" });
    expect(await checkUnit(limit, turns)).toEqual({
      type: "cost-max",
      pass: false,
      message: "the unit's 2 turns cost $0.04, more than $0.03",
      expected: "the unit's 2 turns cost at most $0.03",
      actual: "$0.04",
      location: TEST_LOCATION,
    });
    const perTurnLimit = await checkUnit(perTurn(0.03), turns);
    expect(perTurnLimit?.pass).toBe(true);
  });

  it("fails, saying so, when the cost is unknown for the model (never passes silently)", async () => {
    const turns = [buildTurnResult({ costUsd: null }), buildTurnResult({ index: 1, costUsd: 0 })];
    const limit = located({ type: "cost-max", maxUsd: 100, per: "unit" });
    expect(await checkUnit(limit, turns, "openai:my-local-model")).toEqual({
      type: "cost-max",
      pass: false,
      message:
        "cost-max cannot be checked: the cost is unknown for model openai:my-local-model (no price in the price table)",
      expected: "the unit's 2 turns cost at most $100",
      actual: "unknown cost",
      location: TEST_LOCATION,
    });
    const alone = await checkOne(perTurn(1), { result: { costUsd: null } });
    expect(alone.pass).toBe(false);
    expect(alone.message).toBe(
      "cost-max cannot be checked: the cost is unknown for this model (no price in the price table)",
    );
  });
});
