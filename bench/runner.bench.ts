/**
 * Harness throughput: 1000 single-turn echo scenarios (one file, 1000 `cases`; the scripted
 * echo model repeats the user's text; one reply-contains expectation each).
 * Run: npm run bench:runner   (prints tables; every figure is measured in this run)
 */
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { Bench } from "tinybench";
import { checkExpectations } from "../src/expectations/check-expectations.js";
import { createModel } from "../src/models/create-model.js";
import { createNodeHost } from "../src/platform/node-host.js";
import { importModule } from "../src/runner/import-module.js";
import { planUnits } from "../src/runner/plan-units.js";
import { runSuite } from "../src/runner/run-suite.js";
import { loadScenarios } from "../src/scenarios/load-scenarios.js";
import { formatRatio } from "./format-ratio.js";
import { formatTable } from "./format-table.js";
import { isMain, type SuiteOptions, stderrWrite, stdoutWrite, type Write } from "./is-main.js";
import { findProjectRoot } from "./project-root.js";
import { type NodeProcessRun, runNodeProcess } from "./run-node-process.js";
import { writeEchoSuite } from "./write-echo-suite.js";

const CASES = 1000;
const met = (ok: boolean) => (ok ? "met" : "missed");
const ROOT = findProjectRoot(import.meta.dirname);
const BIN = join(ROOT, "dist/src/cli/bin.js");

function writeSuite(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "claw-eval-bench-")));
  writeEchoSuite({ dir, cases: CASES });
  return dir;
}

function runCliOnce(dir: string): Promise<NodeProcessRun> {
  return runNodeProcess({ args: [BIN, "run", "echo.yaml", "--reporter", "json", "--out", join(dir, "out")], cwd: dir });
}

/** Runs the runner benchmark and writes its tables; removes its temp folder afterwards. */
export async function runRunnerBench(write: Write, options: SuiteOptions = {}): Promise<void> {
  const dir = writeSuite();
  try {
    await measureRunner(dir, write, options.progress ?? stderrWrite);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measureRunner(dir: string, write: Write, progress: Write): Promise<void> {
  const host = { ...createNodeHost(), cwd: dir };
  const loaded = await loadScenarios({ paths: [join(dir, "echo.yaml")], cwd: dir });
  if (loaded.diagnostics.length > 0) throw new Error(JSON.stringify(loaded.diagnostics));
  const units = planUnits(loaded.scenarios);
  const concurrency = availableParallelism();

  const bench = new Bench({ iterations: 5, warmupIterations: 1, time: 0 });
  bench
    .add(`harness: ${CASES} units in process (concurrency ${concurrency})`, async () => {
      const result = await runSuite({
        units,
        host,
        runId: "bench",
        concurrency,
        importModule,
        record: { paths: [], models: [], concurrency, bail: false },
      });
      if (result.summary.passed !== CASES) throw new Error(`expected ${CASES} passes, got ${result.summary.passed}`);
    })
    .add(`floor: model call + expectation only, ${CASES} times`, async () => {
      for (const unit of units) {
        const created = createModel(unit.model);
        if (!created.ok) throw new Error(created.error);
        const turn = unit.scenario.turns[0]!;
        const response = await created.model.complete({
          systemPrompt: "",
          messages: [{ role: "user", content: turn.text }],
          tools: [],
          context: {
            scenarioId: unit.scenario.id,
            unitId: unit.unitId,
            turnIndex: 0,
            turnKind: "user",
            repeat: 0,
            script: [],
            category: undefined,
            input: turn.text,
            sessionKey: "agent:main:main",
          },
        });
        const reply =
          response.ok && response.message.content[0]?.type === "text" ? response.message.content[0].text : "";
        await checkExpectations({
          scenario: unit.scenario,
          turn,
          result: {
            index: 0,
            kind: "user",
            input: turn.text,
            reply,
            delivered: reply,
            systemPrompt: "",
            events: [],
            expectations: [],
            usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
            costUsd: 0,
            latencyMs: 0,
          },
          importModule,
        });
      }
    });
  progress(`bench: runner: ${CASES} units in process and the floor, a warm-up and 5 runs each\n`);
  await bench.run();

  function meanMs(index: number): number {
    const result = bench.tasks[index]?.result;
    if (result?.state !== "completed") throw new Error(`bench task ${index} did not complete: ${result?.state}`);
    return result.latency.mean;
  }

  const rows = bench.tasks.map((task, index) => {
    const mean = meanMs(index);
    return { task: task.name, "mean ms": mean.toFixed(1), "scenarios/s": ((CASES / mean) * 1000).toFixed(0) };
  });
  write(formatTable(rows));
  const harness = meanMs(0);
  const floor = meanMs(1);
  write(
    `harness: ${formatRatio({ measured: harness, reference: floor, than: "the floor" })} (temp workspace, prompt assembly, events, per unit)\n`,
  );
  const throughput = (CASES / harness) * 1000;
  write(
    `throughput: ${throughput.toFixed(0)} scenarios/s (target: at least 500 on 2 cores; ${met(throughput >= 500)})\n`,
  );

  progress(`bench: runner: 3 whole \`claw-eval run\` processes of ${CASES} units\n`);
  const runs = [];
  for (let index = 0; index < 3; index++) runs.push(await runCliOnce(dir));
  const best = runs.reduce((a, b) => (a.wallMs < b.wallMs ? a : b));
  write(
    formatTable(
      runs.map((run) => ({
        "wall ms": run.wallMs.toFixed(0),
        "peak MB": run.peakMb.toFixed(0),
        exit: String(run.code),
      })),
    ),
  );
  write(
    `whole \`claw-eval run\` of ${CASES} scenarios: best ${best.wallMs.toFixed(0)} ms wall (target: under 3000 ms; ${met(best.wallMs < 3000)}), peak ${best.peakMb.toFixed(0)} MB (target: under 200 MB; ${met(best.peakMb < 200)})\n`,
  );
}

if (isMain(import.meta.url)) await runRunnerBench(stdoutWrite);
