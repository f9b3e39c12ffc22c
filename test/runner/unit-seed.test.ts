import { describe, expect, it } from "vitest";
import { hashSeed } from "../../src/platform/create-seeded-random.js";
import { unitSeed } from "../../src/runner/prepare-unit-environment.js";

describe("unitSeed", () => {
  it("ignores the folders of the unit id, so a suite's root does not change seeded ids", () => {
    expect(unitSeed("memory/recall@scripted~1")).toBe(unitSeed("recall@scripted~1"));
    expect(unitSeed("a/b/recall@scripted~1")).toBe(hashSeed("recall@scripted~1"));
  });

  it("keeps the model, repeat and any slash after the @ in the seed", () => {
    expect(unitSeed("recall@scripted~1")).not.toBe(unitSeed("recall@scripted~2"));
    expect(unitSeed("x/recall@openai:org/model~1")).toBe(hashSeed("recall@openai:org/model~1"));
    expect(unitSeed("recall")).toBe(hashSeed("recall"));
  });
});
