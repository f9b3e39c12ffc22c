import { describe, expect, it } from "vitest";
import type { ComplianceCategory, TurnResult, UnitResult } from "../../src/domain/index.js";
import { buildComparison } from "../../src/runner/build-comparison.js";
import { clusteredWilsonInterval, wilsonInterval } from "../../src/stats/index.js";
import { buildExpectationResult, buildRunResult, buildTurnResult, buildUnitResult } from "../support/build-results.js";

function turn(category: ComplianceCategory, pass: boolean, overrides: Partial<TurnResult> = {}): TurnResult {
  return buildTurnResult({ category, expectations: [buildExpectationResult({ pass })], ...overrides });
}

/** The rate of `successes` out of `n` observations from `n` scenario cases: plain Wilson bounds. */
function unclustered(successes: number, n: number) {
  return { ...wilsonInterval(successes, n), clusters: n, designEffect: n === 0 ? null : 1 };
}

function unit(model: string, scenarioId: string, repeat: number, passed: boolean, turns: TurnResult[]): UnitResult {
  return buildUnitResult({ model, scenarioId, repeat, status: passed ? "passed" : "failed" }, { turns });
}

describe("buildComparison", () => {
  it("computes per-category compliance with Wilson bounds clustered by scenario and null for empty categories", () => {
    const units = [
      unit("a", "s1", 0, true, [turn("quiet", true), turn("quiet", true), turn("alert", false)]),
      unit("a", "s2", 0, false, [turn("quiet", false), turn("reply-expected", true)]),
      unit("b", "s1", 0, true, [turn("quiet", true)]),
      unit("b", "s2", 0, true, [turn("quiet", true)]),
    ];
    const comparison = buildComparison(buildRunResult(units), { models: ["a", "b"] });
    expect(comparison.models.map((entry) => entry.model)).toEqual(["a", "b"]);
    const a = comparison.models[0];
    // s1 has two complying quiet turns, s2 one failing: the design effect reaches its limit
    // (1² + 2²) / 3, so the bounds are Wilson's at 1.8 observations.
    const quiet = a?.categories.quiet;
    expect(quiet).toEqual(
      clusteredWilsonInterval({
        clusters: [
          { successes: 2, n: 2 },
          { successes: 0, n: 1 },
        ],
      }),
    );
    expect(quiet).toMatchObject({ rate: 2 / 3, n: 3, clusters: 2 });
    expect(quiet?.designEffect).toBeCloseTo(5 / 3, 12);
    expect(quiet?.low).toBeLessThan(wilsonInterval(2, 3).low!);
    expect(quiet?.high).toBeGreaterThan(wilsonInterval(2, 3).high!);
    expect(a?.categories.alert).toEqual({
      rate: 0,
      low: 0,
      high: expect.any(Number),
      n: 1,
      clusters: 1,
      designEffect: 1,
    });
    expect(a?.categories["reply-expected"]).toEqual(unclustered(1, 1));
    expect(a?.categories["silent-expected"]).toEqual(unclustered(0, 0));
    expect(a?.passRate).toEqual(unclustered(1, 2));
    expect(comparison.models[1]?.categories.alert.rate).toBeNull();
  });

  it("a turn with an error does not comply even with no expectations", () => {
    const units = [unit("a", "s1", 0, false, [turn("quiet", true, { expectations: [], error: "boom" })])];
    const entry = buildComparison(buildRunResult(units), { models: ["a"] }).models[0];
    expect(entry?.categories.quiet).toEqual(unclustered(0, 1));
  });

  it("measures false silence among reply-expected turns", () => {
    const units = [
      unit("a", "s1", 0, false, [
        turn("reply-expected", false, { delivered: null }),
        turn("reply-expected", true),
        turn("reply-expected", true),
        turn("reply-expected", true),
        turn("silent-expected", true, { delivered: null }),
      ]),
    ];
    const entry = buildComparison(buildRunResult(units), { models: ["a"] }).models[0];
    // Four turns of one scenario: one cluster, so the bounds are Wilson's at one observation.
    expect(entry?.falseSilence).toMatchObject({ rate: 0.25, n: 4, clusters: 1, designEffect: 4 });
    expect(entry?.falseSilence).toEqual(clusteredWilsonInterval({ clusters: [{ successes: 1, n: 4 }] }));
  });

  it("sums cost (null when any unknown) and takes turn latency percentiles", () => {
    const latencies = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    const units = [
      unit(
        "a",
        "s1",
        0,
        true,
        latencies.map((latencyMs) => turn("quiet", true, { latencyMs })),
      ),
      { ...unit("a", "s2", 0, true, []), costUsd: 0.25 },
      { ...unit("b", "s1", 0, true, []), costUsd: null },
    ];
    const [a, b] = buildComparison(buildRunResult(units), { models: ["a", "b"] }).models;
    expect(a?.costUsd).toBeCloseTo(0.25);
    expect(a?.latencyMs).toEqual({ p50: 50, p95: 100 });
    expect(b?.costUsd).toBeNull();
    expect(b?.latencyMs).toEqual({ p50: null, p95: null });
  });

  it("gives pass@k and pass^k over repeats grouped by scenario, null when k is 1", () => {
    const units = [
      unit("a", "s1", 0, true, []),
      unit("a", "s1", 1, false, []),
      unit("a", "s2", 0, true, []),
      unit("a", "s2", 1, true, []),
    ];
    const withRepeat = buildComparison(
      buildRunResult(units, { options: { paths: [], models: ["a"], repeat: 2, concurrency: 1, bail: false } }),
    ).models[0];
    expect(withRepeat?.k).toBe(2);
    expect(withRepeat?.passAtK).toBeCloseTo(1);
    expect(withRepeat?.passHatK).toBeCloseTo(0.5);

    const single = buildComparison(buildRunResult(units.filter((each) => each.repeat === 0)), {
      models: ["a"],
    }).models[0];
    expect(single?.k).toBe(1);
    expect(single?.passAtK).toBeNull();
    expect(single?.passHatK).toBeNull();
  });

  it("tests each pair in the given order with McNemar on units paired by scenario and repeat", () => {
    const units: UnitResult[] = [];
    for (let index = 0; index < 10; index++) {
      units.push(unit("strong", `s${index}`, 0, true, []));
      units.push(unit("weak", `s${index}`, 0, index < 2, []));
      units.push(unit("twin", `s${index}`, 0, true, []));
    }
    const { pairs } = buildComparison(buildRunResult(units), { models: ["weak", "strong", "twin"] });
    expect(pairs.map((pair) => [pair.a, pair.b])).toEqual([
      ["weak", "strong"],
      ["weak", "twin"],
      ["strong", "twin"],
    ]);
    expect(pairs[0]?.n).toBe(10);
    expect(pairs[0]?.pValue).toBeCloseTo(2 / 2 ** 8);
    expect(pairs[0]?.verdict).toBe("strong better");
    expect(pairs[1]?.verdict).toBe("twin better");
    expect(pairs[2]).toEqual({
      a: "strong",
      b: "twin",
      n: 10,
      clusters: 10,
      pValue: 1,
      verdict: "no significant difference",
    });
  });

  it("leaves out unpaired and undecided units and defaults to the run's models", () => {
    const units = [
      unit("a", "s1", 0, true, []),
      unit("b", "s1", 0, false, []),
      unit("a", "s2", 0, true, []),
      buildUnitResult({ model: "b", scenarioId: "s3", status: "skipped" }),
    ];
    const comparison = buildComparison(
      buildRunResult(units, { options: { paths: [], models: ["a", "b"], concurrency: 1, bail: false } }),
    );
    expect(comparison.pairs).toEqual([
      { a: "a", b: "b", n: 1, clusters: 1, pValue: 1, verdict: "no significant difference" },
    ]);
    expect(comparison.models[1]?.passRate).toEqual(unclustered(0, 1));
  });

  it("clusters a day of heartbeats by scenario case and tests repeats of a case together", () => {
    const day = (model: string, scenarioId: string, repeat: number, quiet: boolean[]) =>
      unit(
        model,
        scenarioId,
        repeat,
        quiet.every(Boolean),
        quiet.map((pass) => turn("quiet", pass, { kind: "heartbeat" })),
      );
    const allQuiet = Array.from({ length: 48 }, () => true);
    const oneNoisy = allQuiet.map((_, index) => index !== 20);
    const units = [0, 1, 2].flatMap((repeat) => [
      day("steady", "day#home", repeat, allQuiet),
      day("steady", "day#office", repeat, allQuiet),
      day("chatty", "day#home", repeat, oneNoisy),
      day("chatty", "day#office", repeat, oneNoisy),
    ]);
    const comparison = buildComparison(buildRunResult(units), { models: ["steady", "chatty"] });
    const [steady, chatty] = comparison.models;
    // 288 quiet heartbeats, but only two scenario cases: bounds as if about two observations.
    expect(steady?.categories.quiet).toMatchObject({ rate: 1, n: 288, clusters: 2, designEffect: 144, high: 1 });
    expect(steady?.categories.quiet.low).toBeCloseTo(wilsonInterval(2, 2).low!, 12);
    expect(steady?.categories.quiet.low).toBeLessThan(wilsonInterval(288, 288).low!);
    expect(chatty?.categories.quiet).toMatchObject({ rate: 282 / 288, n: 288, clusters: 2 });
    expect(chatty?.passRate).toMatchObject({ rate: 0, n: 6, clusters: 2 });
    // Six discordant units from two cases: the evidence of two units, not six.
    expect(comparison.pairs).toEqual([
      { a: "steady", b: "chatty", n: 6, clusters: 2, pValue: 0.5, verdict: "no significant difference" },
    ]);
  });
});
