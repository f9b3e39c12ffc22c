import { existsSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ClawEvalError, type Scenario } from "../../src/domain/index.js";
import { createTestHost } from "../../src/platform/create-test-host.js";
import { countUnits, type PlanOptions, planUnits, unitIdOf, type WorkUnit } from "../../src/runner/plan-units.js";
import { prepareUnitEnvironment } from "../../src/runner/prepare-unit-environment.js";
import { parseTextPattern, type TextPattern } from "../../src/runner/text-pattern.js";
import { normaliseScenario } from "../../src/scenarios/normalise-scenario.js";
import { parseScenarioText } from "../../src/scenarios/parse-scenario-text.js";
import { MAX_UNITS } from "../../src/scenarios/scenario-limits.js";
import { assertProperty } from "../support/assert-property.js";
import { makeTempDir } from "../support/run-cli.js";

function baseScenario(): Scenario {
  const parsed = parseScenarioText({ text: "name: base\nturns:\n  - user: hi\n", file: "s.yaml" });
  if (!parsed.ok) throw new Error("fixture does not parse");
  const result = normaliseScenario({ scenarioFile: parsed.value, path: "/s.yaml", fileId: "s", locate: parsed.locate });
  if (!("scenario" in result)) throw new Error("fixture does not normalise");
  return result.scenario;
}

const BASE = baseScenario();

function plainPattern(text: string): TextPattern {
  const parsed = parseTextPattern(text);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.pattern;
}

function scenario(id: string, overrides: Partial<Scenario> = {}): Scenario {
  return { ...BASE, id, name: id, ...overrides };
}

/** The plan as a full expansion filtered afterwards: the straightforward reading of the contract. */
function referencePlan(scenarios: readonly Scenario[], options: PlanOptions): WorkUnit[] {
  const all: WorkUnit[] = [];
  for (const entry of scenarios) {
    const filter = options.filter?.source.toLowerCase();
    if (filter && !entry.id.toLowerCase().includes(filter) && !entry.name.toLowerCase().includes(filter)) continue;
    if (options.tags?.length && !options.tags.some((tag) => entry.tags.includes(tag))) continue;
    const models = options.models?.length ? options.models : entry.models;
    for (const model of models) {
      for (let repeat = 0; repeat < (options.repeat ?? entry.repeat); repeat++) {
        all.push({ unitId: unitIdOf(entry.id, model, repeat), planIndex: all.length, scenario: entry, model, repeat });
      }
    }
  }
  const shard = options.shard;
  return shard === undefined ? all : all.filter((unit) => unit.planIndex % shard.count === shard.index - 1);
}

const scenarios = fc
  .array(
    fc.record({
      models: fc.array(fc.constantFrom("scripted", "scripted:echo", "simulated:a"), { minLength: 1, maxLength: 3 }),
      repeat: fc.integer({ min: 1, max: 7 }),
      tags: fc.subarray(["fast", "slow"]),
    }),
    { maxLength: 6 },
  )
  .map((entries) => entries.map((entry, index) => scenario(`s${index}`, entry)));

const planOptions: fc.Arbitrary<PlanOptions> = fc.record(
  {
    models: fc.array(fc.constantFrom("scripted", "openai:x"), { maxLength: 2 }),
    repeat: fc.integer({ min: 1, max: 5 }),
    filter: fc.constantFrom("s1", "S2", "nothing").map(plainPattern),
    tags: fc.subarray(["fast", "slow"]),
    shard: fc
      .integer({ min: 1, max: 5 })
      .chain((count) => fc.record({ index: fc.integer({ min: 1, max: count }), count: fc.constant(count) })),
  },
  { requiredKeys: [] },
);

describe("planUnits and countUnits", () => {
  it("the plan equals full expansion then shard filtering, and countUnits always equals its length", () => {
    assertProperty(
      fc.property(scenarios, planOptions, (list, options) => {
        const units = planUnits(list, options);
        expect(units).toEqual(referencePlan(list, options));
        expect(countUnits(list, options)).toBe(units.length);
      }),
      { numRuns: 300 },
    );
  });

  it("counts a repeat of 1000000000 by arithmetic, and planUnits refuses it before building any unit", () => {
    const huge = [scenario("a", { repeat: 1_000_000_000, models: ["scripted", "scripted:echo"] })];
    expect(countUnits(huge)).toBe(2_000_000_000);
    expect(countUnits(huge, { shard: { index: 3, count: 4 } })).toBe(500_000_000);
    expect(() => planUnits(huge)).toThrow(ClawEvalError);
    expect(() => planUnits(huge)).toThrow(`planUnits: 2000000000 work units exceed the limit of ${MAX_UNITS}`);
  });

  it(`builds exactly ${MAX_UNITS} units, and only the shard's units of a larger plan`, () => {
    const list = [
      scenario("a", { repeat: 1000 }),
      scenario("b", { repeat: 1000, models: Array.from({ length: 99 }, (_, i) => `simulated:m${i}`) }),
    ];
    expect(planUnits(list)).toHaveLength(MAX_UNITS);
    const more = [...list, scenario("c")];
    expect(countUnits(more)).toBe(MAX_UNITS + 1);
    const shard = planUnits(more, { shard: { index: 2, count: 2 } });
    expect(shard).toHaveLength(50_000);
    expect(shard.every((unit) => unit.planIndex % 2 === 1)).toBe(true);
  });
});

describe("prepareUnitEnvironment", () => {
  it("refuses a bins entry that is not a plain file name before creating or writing anything", async () => {
    const root = makeTempDir("claw-eval-bins-");
    const host = createTestHost({ cwd: root });
    const made: string[] = [];
    const fs = host.fs;
    host.fs = {
      ...fs,
      makeTempDirectory: async (prefix, parent) => {
        const path = await fs.makeTempDirectory(prefix, parent);
        made.push(path);
        return path;
      },
    };
    const target = join(root, "pwned");
    const traversal = `../../../../../../../../..${target}`;
    for (const bin of [traversal, "a/b", "..", "a\u0000b", "a\\b"]) {
      await expect(
        prepareUnitEnvironment({ scenario: scenario("x", { bins: ["ok", bin] }), unitId: "x@scripted~1", host }),
      ).rejects.toMatchObject({ code: "invariant", message: expect.stringContaining("not a plain file name") });
    }
    expect(existsSync(target)).toBe(false);
    expect(made).toEqual([]);
  });
});
