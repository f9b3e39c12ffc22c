import { describe, expect, it } from "vitest";
import type { UnitResult } from "../../src/domain/index.js";
import { planOneUnit, runPlannedUnit } from "../support/plan-one-unit.js";
import { makeTempDir } from "../support/run-cli.js";

const outcomes = (unit: UnitResult) =>
  unit.turns.map((turn) => turn.expectations.map(({ pass, message }) => `${pass ? "pass" : "fail"}: ${message}`));

describe("runUnit with event expectations", () => {
  it("checks each turn's own events, and names the event types a turn had when one is missing", async () => {
    const dir = makeTempDir();
    const unit = await planOneUnit(dir, [
      "name: events",
      "config: { agents: { defaults: { timeoutSeconds: 30 } } }",
      "turns:",
      "  - user: hello",
      "    script: [ { text: Hi there. } ]",
      "    expect:",
      "      - event: { type: agent_start, kind: user, times: 1 }",
      "      - event: { type: delivery, status: sent, text: Hi there. }",
      "      - event: { type: run_timeout, times: 0 }",
      "  - user: a long job",
      "    script: [ { text: Done., takes: 2m } ]",
      "    expect:",
      "      - event: { type: run_timeout, timeoutMs: 30000 }",
      "      - event: { type: delivery, status: sent }",
    ]);
    const [first, second] = outcomes(await runPlannedUnit(unit, dir));
    expect(first).toEqual([
      'pass: event agent_start with {"kind":"user"}, exactly 1 time',
      'pass: event delivery with {"status":"sent","text":"Hi there."}',
      "pass: event run_timeout, exactly 0 times",
    ]);
    expect(second).toEqual([
      'pass: event run_timeout with {"timeoutMs":30000}',
      expect.stringMatching(
        /^fail: no delivery event in the turn \(check the type, or what should cause it\); the turn had agent_start, .*run_timeout/,
      ),
    ]);
  });
});
