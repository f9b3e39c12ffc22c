import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AGENT_DAY_TARGET_MS, describeAgentDay } from "../../bench/agent-day.bench.js";
import {
  AGENT_DAY_FILE,
  AGENT_DAY_HEARTBEATS,
  AGENT_DAY_USER_TURNS,
  ONE_TURN_FILE,
  writeAgentDaySuite,
} from "../../bench/write-agent-day-suite.js";
import { createNodeHost } from "../../src/platform/node-host.js";
import { expandHeartbeatSchedule } from "../../src/runner/expand-heartbeat-schedule.js";
import { importModule } from "../../src/runner/import-module.js";
import { planUnits, type WorkUnit } from "../../src/runner/plan-units.js";
import { resolveArrivalTime } from "../../src/runner/resolve-arrival-time.js";
import { runUnit } from "../../src/runner/run-unit.js";
import { loadScenarios } from "../../src/scenarios/load-scenarios.js";
import { makeTempDir } from "../support/run-cli.js";

const WORKSPACE = join(import.meta.dirname, "../../fixtures/workspaces/personal");
const HALF_HOUR_MS = 30 * 60_000;

async function planSuite(): Promise<{ dir: string; day: WorkUnit; oneTurn: WorkUnit }> {
  const dir = makeTempDir("claw-eval-bench-day-");
  writeAgentDaySuite({ dir, workspace: WORKSPACE });
  const loaded = await loadScenarios({ paths: [join(dir, AGENT_DAY_FILE), join(dir, ONE_TURN_FILE)], cwd: dir });
  expect(loaded.diagnostics).toEqual([]);
  const units = planUnits(loaded.scenarios);
  expect(units).toHaveLength(2);
  const day = units.find((unit) => unit.scenario.turns.length > 1);
  const oneTurn = units.find((unit) => unit.scenario.turns.length === 1);
  if (day === undefined || oneTurn === undefined) throw new Error("the suite did not plan a day and a one-turn unit");
  return { dir, day, oneTurn };
}

/** The heartbeat turns the runner adds to the day, as play-unit-timeline expands them. */
function heartbeatsOf(unit: WorkUnit) {
  const { scenario } = unit;
  if (scenario.heartbeats === undefined) return [];
  return expandHeartbeatSchedule({
    schedule: scenario.heartbeats,
    startMs: scenario.clockMs,
    defaultEveryMs: 0,
    timezone: scenario.timezone,
    firstIndex: scenario.turns.length,
  });
}

describe("the agent-day bench scenario", () => {
  it("loads and plans one unit of 48 scheduled heartbeats and 20 user turns (68 in all)", async () => {
    const { day, oneTurn } = await planSuite();
    expect(AGENT_DAY_HEARTBEATS + AGENT_DAY_USER_TURNS).toBe(68);
    expect(day.scenario.turns.map((turn) => turn.kind)).toEqual(Array(AGENT_DAY_USER_TURNS).fill("user"));
    const heartbeats = heartbeatsOf(day);
    expect(heartbeats).toHaveLength(AGENT_DAY_HEARTBEATS);
    expect(day.scenario.turns.length + heartbeats.length).toBe(68);
    // The workspace is the copy beside the scenario, not the fixture itself.
    expect(day.scenario.workspace).not.toBe(WORKSPACE);
    expect(day.scenario.workspace?.endsWith("workspace")).toBe(true);
    expect(oneTurn.scenario.heartbeats).toBeUndefined();
    expect(oneTurn.scenario.workspace).toBe(day.scenario.workspace);
  });

  it("spreads the user messages over the day, none on a heartbeat's half hour, some with simulated tool time", async () => {
    const { day } = await planSuite();
    const { scenario } = day;
    let previousMs = scenario.clockMs;
    const arrivals: number[] = [];
    for (const turn of scenario.turns) {
      previousMs = resolveArrivalTime(turn.arrival, previousMs, scenario.timezone);
      arrivals.push(previousMs);
    }
    expect(arrivals.every((ms) => (ms - scenario.clockMs) % HALF_HOUR_MS !== 0)).toBe(true);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(12 * 60 * 60_000);
    expect(arrivals.at(-1)!).toBeLessThan(scenario.clockMs + 24 * 60 * 60_000);
    const timed = scenario.turns.filter((turn) =>
      turn.script.some((step) => step.kind === "tool_calls" && step.calls.every((call) => call.takesMs === 2000)),
    );
    expect(timed.length).toBeGreaterThan(0);
    expect(timed.length).toBeLessThan(AGENT_DAY_USER_TURNS);
  });

  it("plays through the real runner: every one of the 68 turns passes", async () => {
    const { dir, day } = await planSuite();
    const result = await runUnit({
      unit: day,
      host: { ...createNodeHost(), cwd: dir },
      signal: new AbortController().signal,
      importModule,
      displayFile: AGENT_DAY_FILE,
    });
    expect(result.error).toBeUndefined();
    expect(result.status).toBe("passed");
    expect(result.turns).toHaveLength(68);
    expect(result.turns.filter((turn) => turn.kind === "heartbeat")).toHaveLength(AGENT_DAY_HEARTBEATS);
    expect(
      result.turns.filter((turn) => turn.kind === "heartbeat").every((turn) => turn.reply === "HEARTBEAT_OK"),
    ).toBe(true);
  });
});

describe("describeAgentDay", () => {
  const oneTurn = { medianMs: 2, p95Ms: 3 };

  it("reports median, p95, cost per turn, the ratio to one turn and a met target", () => {
    const text = describeAgentDay({ day: { medianMs: 68, p95Ms: 90 }, oneTurn });
    expect(text).toContain("median 68.0 ms, p95 90.0 ms, 1.00 ms per turn");
    expect(text).toContain("34.0x slower than one turn for 68 turns");
    expect(text).toContain(`target: under ${AGENT_DAY_TARGET_MS} ms per simulated day; met`);
  });

  it("says missed when the median is at or over the target", () => {
    expect(describeAgentDay({ day: { medianMs: 200, p95Ms: 250 }, oneTurn })).toContain("; missed (");
    expect(describeAgentDay({ day: { medianMs: 150, p95Ms: 160 }, oneTurn }, 100)).toContain(
      "target: under 100 ms per simulated day; missed",
    );
  });
});
