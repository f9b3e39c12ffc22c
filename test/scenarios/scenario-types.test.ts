import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { ExpectationFile, ExpectationType, ScenarioFile, TurnFile } from "../../src/domain/index.js";
import type {
  EXPECTATION_TYPES,
  SCENARIO_KEYS,
  scenarioFileSchema,
  TURN_KEYS,
} from "../../src/scenarios/scenario-schema.js";

type UnionKeys<T> = T extends unknown ? keyof T : never;

describe("scenario schema types", () => {
  it("outputs exactly the domain ScenarioFile", () => {
    expectTypeOf<z.output<typeof scenarioFileSchema>>().toEqualTypeOf<ScenarioFile>();
  });

  it("lists exactly the keys of the domain types", () => {
    expectTypeOf<(typeof SCENARIO_KEYS)[number]>().toEqualTypeOf<keyof ScenarioFile>();
    expectTypeOf<(typeof TURN_KEYS)[number]>().toEqualTypeOf<keyof TurnFile>();
    expectTypeOf<(typeof EXPECTATION_TYPES)[number]>().toEqualTypeOf<UnionKeys<ExpectationFile>>();
    expectTypeOf<(typeof EXPECTATION_TYPES)[number]>().toEqualTypeOf<ExpectationType>();
  });
});
