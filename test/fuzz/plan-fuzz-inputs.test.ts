import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FuzzClass } from "./fuzz-types.js";
import { generateCase, inputSeedOf, planFuzzInputs } from "./plan-fuzz-inputs.js";

function fuzzClass(name: string, transports?: FuzzClass["transports"]): FuzzClass {
  const arbitrary = fc.nat().map((n) => ({ label: `${name} ${n}`, files: [], argv: ["--version"] }));
  return { name, category: "scenario", arbitrary, ...(transports === undefined ? {} : { transports }) };
}

const CLASSES = [fuzzClass("a"), fuzzClass("b"), fuzzClass("c", ["cli"])];

describe("planFuzzInputs", () => {
  it("deals inputs round-robin and sends every n-th round through the binary", () => {
    const plan = planFuzzInputs(CLASSES, { seed: 5, runs: 9, cliEvery: 2 });
    expect(plan.map((input) => `${input.fuzzClass.name}:${input.transport}`)).toEqual([
      "a:in-process",
      "b:in-process",
      "c:cli",
      "a:cli",
      "b:cli",
      "c:cli",
      "a:in-process",
      "b:in-process",
      "c:cli",
    ]);
    expect(plan.map((input) => input.inputSeed)).toEqual(plan.map((_input, index) => inputSeedOf(5, index)));
  });

  it("keeps to the named classes, or to the one input to replay", () => {
    expect(
      planFuzzInputs(CLASSES, { seed: 1, runs: 3, classNames: ["b"] }).map((input) => input.fuzzClass.name),
    ).toEqual(["b", "b", "b"]);
    const replay = { className: "a", inputSeed: 42, transport: "cli" as const };
    expect(planFuzzInputs(CLASSES, { seed: 1, runs: 100, replay })).toEqual([
      { fuzzClass: CLASSES[0], inputSeed: 42, transport: "cli" },
    ]);
    expect(() => planFuzzInputs(CLASSES, { seed: 1, runs: 1, replay: { ...replay, className: "z" } })).toThrow(
      "no fuzz class z",
    );
  });
});

describe("generateCase and inputSeedOf", () => {
  it("give the same input for the same seeds, and different seeds for different indexes", () => {
    const [first] = CLASSES;
    if (first === undefined) throw new Error("no class");
    expect(generateCase(first, inputSeedOf(7, 3))).toEqual(generateCase(first, inputSeedOf(7, 3)));
    const seeds = new Set(Array.from({ length: 1000 }, (_unused, index) => inputSeedOf(7, index)));
    expect(seeds.size).toBe(1000);
  });
});
