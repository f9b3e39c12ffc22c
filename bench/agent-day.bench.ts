/**
 * Simulated time: one scripted agent-day (48 heartbeats every 30 minutes plus 20 user turns
 * spread from 07:10 to 21:25, some reading a file with simulated `takes:`) on a copy of
 * fixtures/workspaces/personal, run through the real runner on the simulated clock. Next to it,
 * a one-turn unit on the same workspace, so the day is also read as a machine-independent ratio.
 * Then whole `claw-eval run` processes of each, start to exit.
 * Target: one simulated day in under 200 ms (median, in process). Run: npm run bench:time
 */
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Bench } from "tinybench";
import { createNodeHost } from "../src/platform/node-host.js";
import { importModule } from "../src/runner/import-module.js";
import { planUnits, type WorkUnit } from "../src/runner/plan-units.js";
import { runUnit } from "../src/runner/run-unit.js";
import { loadScenarios } from "../src/scenarios/load-scenarios.js";
import { percentile } from "../src/stats/percentile.js";
import { formatRatio } from "./format-ratio.js";
import { formatTable } from "./format-table.js";
import { isMain, type SuiteOptions, stderrWrite, stdoutWrite, type Write } from "./is-main.js";
import { findProjectRoot } from "./project-root.js";
import { type NodeProcessRun, runNodeProcess } from "./run-node-process.js";
import {
  AGENT_DAY_FILE,
  AGENT_DAY_HEARTBEATS,
  AGENT_DAY_USER_TURNS,
  ONE_TURN_FILE,
  writeAgentDaySuite,
} from "./write-agent-day-suite.js";

/** One simulated day must take less than this, median in process. */
export const AGENT_DAY_TARGET_MS = 200;
const DAY_TURNS = AGENT_DAY_HEARTBEATS + AGENT_DAY_USER_TURNS;
const ITERATIONS = 20;
const PROCESS_RUNS = 3;
const ROOT = findProjectRoot(import.meta.dirname);
const BIN = join(ROOT, "dist/src/cli/bin.js");
const WORKSPACE = join(ROOT, "fixtures/workspaces/personal");

/** Median and p95 (nearest rank) of one measured task, in ms. */
export interface LatencyFigures {
  medianMs: number;
  p95Ms: number;
}

/** What the suite measured in one run. */
export interface AgentDayFigures {
  day: LatencyFigures;
  oneTurn: LatencyFigures;
}

/**
 * The verdict lines under the table: the day's median and p95, the cost per simulated turn, the
 * ratio to the one-turn unit and whether the median met the target. Pure.
 */
export function describeAgentDay(figures: AgentDayFigures, targetMs: number = AGENT_DAY_TARGET_MS): string {
  const { day, oneTurn } = figures;
  const met = day.medianMs < targetMs;
  return [
    `one simulated agent-day (${AGENT_DAY_HEARTBEATS} heartbeats + ${AGENT_DAY_USER_TURNS} user turns): median ${day.medianMs.toFixed(1)} ms, p95 ${day.p95Ms.toFixed(1)} ms, ${(day.medianMs / DAY_TURNS).toFixed(2)} ms per turn`,
    `against a one-turn unit (median ${oneTurn.medianMs.toFixed(1)} ms): ${formatRatio({ measured: day.medianMs, reference: oneTurn.medianMs, than: "one turn" })} for ${DAY_TURNS} turns`,
    `target: under ${targetMs} ms per simulated day; ${met ? "met" : "missed"} (${formatRatio({ measured: day.medianMs, reference: targetMs, than: `the ${targetMs} ms target` })})`,
    "",
  ].join("\n");
}

/** Loads one scenario file of the suite and plans its single unit. */
async function planOne(dir: string, file: string): Promise<WorkUnit> {
  const loaded = await loadScenarios({ paths: [join(dir, file)], cwd: dir });
  if (loaded.diagnostics.length > 0) throw new Error(JSON.stringify(loaded.diagnostics));
  const units = planUnits(loaded.scenarios);
  if (units.length !== 1) throw new Error(`expected 1 unit from ${file}, got ${units.length}`);
  return units[0]!;
}

/** Runs the agent-day benchmark and writes its tables and verdict; removes its temp folder afterwards. */
export async function runAgentDayBench(write: Write, options: SuiteOptions = {}): Promise<AgentDayFigures> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "claw-eval-bench-day-")));
  try {
    writeAgentDaySuite({ dir, workspace: WORKSPACE });
    const figures = await measureInProcess(dir, write, options.progress ?? stderrWrite);
    await measureProcesses(dir, write, options.progress ?? stderrWrite);
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measureInProcess(dir: string, write: Write, progress: Write): Promise<AgentDayFigures> {
  const host = { ...createNodeHost(), cwd: dir };
  const day = await planOne(dir, AGENT_DAY_FILE);
  const oneTurn = await planOne(dir, ONE_TURN_FILE);
  /** Runs the unit as `claw-eval run` does and checks it passed with `turns` turns. */
  const play = async (unit: WorkUnit, file: string, turns: number): Promise<void> => {
    const result = await runUnit({
      unit,
      host,
      signal: new AbortController().signal,
      importModule,
      displayFile: file,
    });
    if (result.status !== "passed" || result.turns.length !== turns) {
      throw new Error(
        `${file}: expected a passed unit of ${turns} turns, got ${result.status} with ${result.turns.length} (${result.error ?? "see its expectations"})`,
      );
    }
  };
  const bench = new Bench({ iterations: ITERATIONS, warmupIterations: 2, time: 0, retainSamples: true });
  bench
    .add(`one simulated day: ${DAY_TURNS} turns`, () => play(day, AGENT_DAY_FILE, DAY_TURNS))
    .add("one turn", () => play(oneTurn, ONE_TURN_FILE, 1));
  progress(`bench: time: one simulated day and one turn in process, 2 warm-ups and ${ITERATIONS} runs each\n`);
  await bench.run();
  const figures = bench.tasks.map((task) => {
    const result = task.result;
    if (result?.state !== "completed") throw new Error(`bench task ${task.name} did not complete: ${result?.state}`);
    const samples = result.latency.samples ?? [];
    return {
      task: task.name,
      latency: result.latency,
      p95Ms: percentile(samples, 95) ?? Number.NaN,
    };
  });
  write(
    formatTable(
      figures.map(({ task, latency, p95Ms }) => ({
        task,
        "min ms": latency.min.toFixed(1),
        "median ms": latency.p50.toFixed(1),
        "mean ms": latency.mean.toFixed(1),
        "p95 ms": p95Ms.toFixed(1),
      })),
    ),
  );
  const [dayTask, oneTask] = figures;
  const measured: AgentDayFigures = {
    day: { medianMs: dayTask!.latency.p50, p95Ms: dayTask!.p95Ms },
    oneTurn: { medianMs: oneTask!.latency.p50, p95Ms: oneTask!.p95Ms },
  };
  write(describeAgentDay(measured));
  return measured;
}

function runCliOnce(dir: string, file: string): Promise<NodeProcessRun> {
  return runNodeProcess({
    args: [BIN, "run", file, "--reporter", "json", "--out", join(dir, "out")],
    cwd: dir,
  });
}

/** Whole `claw-eval run` processes, interleaved: the day and the one turn, best of a few each. */
async function measureProcesses(dir: string, write: Write, progress: Write): Promise<void> {
  progress(`bench: time: ${PROCESS_RUNS} whole \`claw-eval run\` processes each of the day and of one turn\n`);
  const runs: { file: string; run: NodeProcessRun }[] = [];
  for (let index = 0; index < PROCESS_RUNS; index++) {
    for (const file of [AGENT_DAY_FILE, ONE_TURN_FILE]) {
      const run = await runCliOnce(dir, file);
      if (run.code !== 0) throw new Error(`claw-eval run ${file} exited ${run.code}: ${run.stderr.slice(0, 2000)}`);
      runs.push({ file, run });
    }
  }
  write(
    formatTable(
      runs.map(({ file, run }) => ({
        scenario: file,
        "wall ms": run.wallMs.toFixed(0),
        "cpu ms": run.cpuMs.toFixed(0),
        "peak MB": run.peakMb.toFixed(0),
      })),
    ),
  );
  const best = (file: string) =>
    Math.min(...runs.filter((entry) => entry.file === file).map((entry) => entry.run.wallMs));
  const dayMs = best(AGENT_DAY_FILE);
  const oneMs = best(ONE_TURN_FILE);
  write(
    `whole \`claw-eval run\`: the day best ${dayMs.toFixed(0)} ms wall, one turn best ${oneMs.toFixed(0)} ms (process start, loading and reports included); the day adds ${(dayMs - oneMs).toFixed(0)} ms\n`,
  );
}

if (isMain(import.meta.url)) await runAgentDayBench(stdoutWrite);
