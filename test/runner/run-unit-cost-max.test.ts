import { describe, expect, it } from "vitest";
import { createTestHost } from "../../src/platform/create-test-host.js";
import { runUnit } from "../../src/runner/run-unit.js";
import { planOneUnit } from "../support/plan-one-unit.js";
import { makeTempDir } from "../support/run-cli.js";

describe("runUnit checks cost-max with the unit's turns so far", () => {
  it("per unit counts every turn up to the checked one; per turn only that turn", async () => {
    const dir = makeTempDir();
    const unit = await planOneUnit(dir, [
      "name: costs",
      "turns:",
      "  - user: one",
      "    script: [ { text: a } ]",
      "  - user: two",
      "    script: [ { text: b } ]",
      "    expect:",
      "      - cost-max: 0",
      "      - cost-max: { usd: 0, per: unit }",
    ]);
    const result = await runUnit({
      unit,
      host: createTestHost({ cwd: dir }),
      signal: new AbortController().signal,
      importModule: async (path) => {
        throw new Error(`unexpected import of ${path}`);
      },
      displayFile: "unit.yaml",
    });
    expect(result.status).toBe("passed");
    expect(result.turns[1]?.expectations.map(({ pass, message }) => ({ pass, message }))).toEqual([
      { pass: true, message: "cost-max $0 (the turn cost $0)" },
      { pass: true, message: "cost-max $0 (the unit's 2 turns cost $0)" },
    ]);
  });
});
