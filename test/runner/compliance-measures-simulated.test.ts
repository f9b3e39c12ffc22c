import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTestHost } from "../../src/platform/create-test-host.js";
import { buildComparison } from "../../src/runner/build-comparison.js";
import { importModule } from "../../src/runner/import-module.js";
import { planUnits } from "../../src/runner/plan-units.js";
import { runSuite } from "../../src/runner/run-suite.js";
import { loadScenarios } from "../../src/scenarios/load-scenarios.js";
import { makeTempDir } from "../support/run-cli.js";

const SEED = Number(process.env.CLAW_EVAL_SEED ?? 20260311);
const REPEAT = 12;

/** One scenario with a turn of each category; no scripts, so simulated models use their stock replies. */
const SCENARIO = [
  "name: one turn per compliance category",
  "turns:",
  "  - heartbeat: true",
  "    expect: [ { heartbeat-ack: true } ]",
  "  - heartbeat: true",
  "    expect: [ { heartbeat-ack: true } ]",
  "  - heartbeat: true",
  "    expect: [ { delivered: true } ]",
  "  - user: Saw the game last night?",
  "    expect: [ { reply-silent: true } ]",
  "  - user: When is the order due?",
  "    expect: [ { reply-silent: false } ]",
].join("\n");

async function compare(models: string[]) {
  const dir = makeTempDir();
  writeFileSync(join(dir, "categories.yaml"), SCENARIO);
  const loaded = await loadScenarios({ paths: [join(dir, "categories.yaml")], cwd: dir });
  expect(loaded.diagnostics).toEqual([]);
  const result = await runSuite({
    units: planUnits(loaded.scenarios, { models, repeat: REPEAT }),
    host: createTestHost({ cwd: dir }),
    runId: "simulated",
    concurrency: 4,
    importModule,
    record: { paths: [dir], models, repeat: REPEAT, concurrency: 4, bail: false },
  });
  return buildComparison(result, { models }).models;
}

describe(`compliance measures through simulated models (seed ${SEED})`, () => {
  it("move the right way: a sloppy ack lowers strict ack and raises noise, a sloppy silence leaks text", async () => {
    const good = `simulated:good?seed=${SEED}`;
    const sloppy = `simulated:sloppy?ack=0.5&silent=0.5&alert=0.5&reply=0.5&seed=${SEED}`;
    const [careful, careless] = await compare([good, sloppy]);
    const measures = careful?.measures;
    const worse = careless?.measures;
    if (measures === undefined || worse === undefined) throw new Error(`no measures (seed ${SEED})`);

    expect(measures.strictAck).toMatchObject({ rate: 1, n: 2 * REPEAT });
    expect(measures.noise.rate).toBe(0);
    expect(measures.alertPurity.rate).toBe(1);
    expect(measures.falseAck.rate).toBe(0);
    expect(measures.exactSilence.rate).toBe(1);
    expect(measures.falseSilence.rate).toBe(0);
    expect(measures.tokenLeak.rate).toBe(0);

    expect(worse.strictAck.n).toBe(2 * REPEAT);
    expect(worse.strictAck.rate).toBeLessThan(1);
    expect(worse.strictAck.rate).toBeGreaterThan(0);
    // The quiet mistake is chatter, delivered unless it repeats the session's last alert (duplicate).
    expect(worse.noise.rate).toBeGreaterThan(0);
    expect(worse.noise.rate).toBeLessThanOrEqual(1 - (worse.strictAck.rate ?? 0));
    expect(worse.lenientAck.rate).toBe(worse.strictAck.rate);
    // The alert mistake is a bare HEARTBEAT_OK: impure and swallowed as an ack.
    expect(worse.alertPurity.rate).toBeLessThan(1);
    expect(worse.falseAck.rate).toBeCloseTo(1 - (worse.alertPurity.rate ?? 0), 10);
    expect(worse.exactSilence.rate).toBeLessThan(1);
    expect(worse.effectiveSilence.rate).toBe(worse.exactSilence.rate);
    expect(worse.falseSilence.rate).toBeGreaterThan(0);
  });
});
