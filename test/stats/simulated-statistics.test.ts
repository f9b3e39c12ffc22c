import { describe, expect, it } from "vitest";
import { decideHeartbeatOutcome } from "../../src/agent/decide-heartbeat-outcome.js";
import type { Model } from "../../src/domain/index.js";
import { createModel } from "../../src/models/create-model.js";
import { compareModels, type PairedOutcome } from "../../src/stats/compare-models.js";
import { wilsonInterval } from "../../src/stats/wilson-interval.js";
import { callContext } from "../support/scenario-turn.js";

// The statistics checked end to end through the `simulated:` model family: each trial builds
// fresh simulated models from ids with a trial-specific seed, asks them 50 quiet heartbeats
// (one unit each), and scores a unit as passed when the runtime treats the reply as an ack.
const base = Number(process.env.CLAW_EVAL_SEED ?? 7);
const trials = 200;
const units = 50;
const rerun = `base seed ${base} (rerun with CLAW_EVAL_SEED=${base})`;

function simulated(name: string, ack: number, seed: number): Model {
  const created = createModel(`simulated:${name}?ack=${ack}&seed=${seed}`);
  if (!created.ok) throw new Error(created.error);
  return created.model;
}

async function quietPasses(model: Model): Promise<boolean[]> {
  const passes: boolean[] = [];
  for (let unit = 0; unit < units; unit++) {
    const response = await model.complete({
      systemPrompt: "",
      messages: [{ role: "user", content: "heartbeat" }],
      tools: [],
      context: callContext([], { unitId: `quiet-${unit}`, turnKind: "heartbeat", category: "quiet" }),
    });
    if (!response.ok) throw new Error(response.error.message);
    const text = response.message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
    passes.push(decideHeartbeatOutcome(text, { now: 0 }).status === "ok-token");
  }
  return passes;
}

async function countTrials(check: (trial: number) => Promise<boolean>): Promise<number> {
  let count = 0;
  for (let trial = 0; trial < trials; trial++) if (await check(base * 1000 + trial)) count++;
  return count;
}

async function paired(a: Model, b: Model): Promise<PairedOutcome[]> {
  const [aPasses, bPasses] = [await quietPasses(a), await quietPasses(b)];
  return aPasses.map((aPass, index) => ({ aPass, bPass: bPasses[index] === true }));
}

describe("statistics on simulated models (200 seeded trials of 50 units)", () => {
  it("the Wilson 95% interval of the ack rate covers the true 0.8 in at least 93% of trials", async () => {
    const covered = await countTrials(async (seed) => {
      const passes = await quietPasses(simulated("m", 0.8, seed));
      const { low, high } = wilsonInterval(passes.filter(Boolean).length, units);
      return low !== null && high !== null && low <= 0.8 && 0.8 <= high;
    });
    expect(covered / trials, `coverage ${covered}/${trials}, ${rerun}`).toBeGreaterThanOrEqual(0.93);
  });

  it("exact McNemar calls ack 0.95 vs 0.70 in at least 80% of trials", async () => {
    const called = await countTrials(async (seed) => {
      const pairs = await paired(simulated("strong", 0.95, seed), simulated("weak", 0.7, seed + 1_000_000));
      return compareModels({ a: "strong", b: "weak", pairs }).verdict === "strong better";
    });
    expect(called / trials, `power ${called}/${trials}, ${rerun}`).toBeGreaterThanOrEqual(0.8);
  });

  it("exact McNemar calls ack 0.8 vs 0.8 different in at most 5% of trials", async () => {
    const called = await countTrials(async (seed) => {
      const pairs = await paired(simulated("a", 0.8, seed), simulated("b", 0.8, seed + 1_000_000));
      return compareModels({ a: "a", b: "b", pairs }).verdict !== "no significant difference";
    });
    expect(called / trials, `false positives ${called}/${trials}, ${rerun}`).toBeLessThanOrEqual(0.05);
  });
});
