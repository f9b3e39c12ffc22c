import { describe, expect, it } from "vitest";
import type { ExpectationResult, UnitResult, UnitStatus } from "../../src/domain/index.js";
import { buildComparison } from "../../src/runner/build-comparison.js";
import { wilsonInterval } from "../../src/stats/index.js";
import { buildExpectationResult, buildRunResult, buildTurnResult, buildUnitResult } from "../support/build-results.js";

const options = (models: string[]) => ({ paths: ["scenarios"], models, concurrency: 1, bail: false });

function check(type: string, pass: boolean): ExpectationResult {
  return buildExpectationResult({ type, pass, message: `${type} ${pass ? "held" : "failed"}` });
}

/** A unit of `model` whose turns carry the given expectation results, one array per turn. */
function unitWith(model: string, scenarioId: string, turns: ExpectationResult[][], status?: UnitStatus): UnitResult {
  return buildUnitResult(
    { model, scenarioId, ...(status === undefined ? {} : { status }) },
    { turns: turns.map((expectations, index) => buildTurnResult({ index, expectations })) },
  );
}

describe("buildComparison: memory category", () => {
  it("writes no memory field when no compared unit has a memory expectation", () => {
    const units = [buildUnitResult({ model: "a" }), buildUnitResult({ model: "b" })];
    const comparison = buildComparison(buildRunResult(units, { options: options(["a", "b"]) }));
    expect(comparison.models.some((entry) => "memory" in entry)).toBe(false);
    expect(JSON.stringify(comparison)).not.toContain("memory");
  });

  it("ignores memory expectations of units without a verdict (skipped, interrupted)", () => {
    const units = [
      unitWith("a", "s1", [[check("memory-cited", true)]], "skipped"),
      unitWith("b", "s1", [[check("memory-written", false)]], "interrupted"),
    ];
    const comparison = buildComparison(buildRunResult(units, { options: options(["a", "b"]) }));
    expect(comparison.models.some((entry) => "memory" in entry)).toBe(false);
  });

  it("gives every model per-check rates over its decided units once any unit has a memory check", () => {
    const units = [
      unitWith("a", "s1", [
        [check("memory-top-hit", true), check("memory-cited", true), check("reply-contains", false)],
        [check("memory-top-hit", false), check("memory-written", true)],
      ]),
      unitWith("a", "s2", [[check("memory-top-hit", true), check("memory-recalled", false)]], "errored"),
      unitWith("a", "s3", [[check("memory-top-hit", false)]], "skipped"),
      unitWith("a", "s4", [[check("reply-contains", true)]]),
      unitWith("b", "s1", [[check("reply-contains", true)]]),
    ];
    const comparison = buildComparison(buildRunResult(units, { options: options(["a", "b"]) }));
    const [a, b] = comparison.models;
    expect(a?.memory).toEqual({
      units: 2,
      checks: {
        "memory-top-hit": wilsonInterval(2, 3),
        "memory-cited": { rate: 1, low: wilsonInterval(1, 1).low, high: 1, n: 1 },
        "memory-written": wilsonInterval(1, 1),
        "memory-recalled": { rate: 0, low: 0, high: wilsonInterval(0, 1).high, n: 1 },
      },
    });
    expect(a?.memory?.checks["memory-top-hit"].rate).toBeCloseTo(2 / 3, 12);
    const empty = { rate: null, low: null, high: null, n: 0 };
    expect(b?.memory).toEqual({
      units: 0,
      checks: { "memory-top-hit": empty, "memory-cited": empty, "memory-written": empty, "memory-recalled": empty },
    });
  });

  it("keeps the other comparison fields unchanged when memory is added", () => {
    const units = [unitWith("a", "s1", [[check("memory-cited", true)]]), buildUnitResult({ model: "b" })];
    const run = buildRunResult(units, { options: options(["a", "b"]) });
    const comparison = buildComparison(run);
    const withoutMemory = {
      ...comparison,
      models: comparison.models.map(({ memory: _memory, ...entry }) => entry),
    };
    const plainUnits = [unitWith("a", "s1", [[check("reply-contains", true)]]), buildUnitResult({ model: "b" })];
    expect(withoutMemory).toEqual(buildComparison(buildRunResult(plainUnits, { options: options(["a", "b"]) })));
  });
});
