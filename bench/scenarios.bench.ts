/**
 * Scenario loading cost: one YAML file whose 1000 `cases` come from a CSV file (three
 * placeholders in the prompt, the script and three expectations, two turns), loaded with
 * `loadScenarios` as `claw-eval run` does: read, parse, validate, expand and normalise.
 * Next to it, a single-scenario file: the fixed cost that does not grow with the rows.
 * Target: 1000 cases in under 100 ms. Run: npm run bench:scenarios
 */
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Bench } from "tinybench";
import { loadScenarios } from "../src/scenarios/load-scenarios.js";
import { formatRatio } from "./format-ratio.js";
import { formatTable } from "./format-table.js";
import { isMain, stdoutWrite, type Write } from "./is-main.js";

const CASES = 1000;
const TARGET_MS = 100;

const BIG_SCENARIO = [
  'name: "weather in {{city}}"',
  "cases: rows.csv",
  "turns:",
  '  - user: "Weather in {{city}}?"',
  "    script:",
  '      - { tool: weather, input: { place: "{{city}}" } }',
  '      - text: "{{temp}} degrees"',
  "    expect:",
  '      - reply-contains: "{{temp}} degrees"',
  '      - tool-called: { name: weather, input: { place: "{{city}}" } }',
  '      - reply-matches: "/{{temp}}/i"',
  "  - heartbeat: true",
  "",
].join("\n");

function writeSuite(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "claw-eval-bench-scenarios-")));
  const rows = Array.from({ length: CASES }, (_, index) => `c${index},City ${index},${index}`);
  writeFileSync(join(dir, "rows.csv"), `id,city,temp\n${rows.join("\n")}\n`);
  writeFileSync(join(dir, "big.yaml"), BIG_SCENARIO);
  writeFileSync(join(dir, "one.yaml"), "name: one\nturns:\n  - user: hi\n");
  return dir;
}

/** Loads `file` from `dir` and checks it gave `expected` scenarios and no diagnostics. */
async function loadChecked(dir: string, file: string, expected: number): Promise<void> {
  const loaded = await loadScenarios({ paths: [file], cwd: dir });
  if (loaded.diagnostics.length > 0) throw new Error(JSON.stringify(loaded.diagnostics));
  if (loaded.scenarios.length !== expected) {
    throw new Error(`expected ${expected} scenarios from ${file}, got ${loaded.scenarios.length}`);
  }
}

/** Runs the scenario-loading benchmark and writes its table and verdict. */
export async function runScenariosBench(write: Write): Promise<void> {
  const dir = writeSuite();
  try {
    const bench = new Bench({ iterations: 20, warmupIterations: 3, time: 0 });
    bench
      .add(`load 1 file with ${CASES} cases`, () => loadChecked(dir, "big.yaml", CASES))
      .add("load 1 file with 1 scenario", () => loadChecked(dir, "one.yaml", 1));
    await bench.run();
    const rows = bench.tasks.map((task) => {
      const result = task.result;
      if (result?.state !== "completed") throw new Error(`bench task ${task.name} did not complete: ${result?.state}`);
      const { latency } = result;
      return {
        task: task.name,
        "min ms": latency.min.toFixed(1),
        "median ms": latency.p50.toFixed(1),
        "mean ms": latency.mean.toFixed(1),
        "p99 ms": latency.p99.toFixed(1),
      };
    });
    write(formatTable(rows));
    const big = bench.tasks[0]?.result;
    const median = big?.state === "completed" ? big.latency.p50 : Number.NaN;
    const verdict = median < TARGET_MS ? "met" : "missed";
    write(
      `${CASES} cases: median ${median.toFixed(1)} ms, ${formatRatio({ measured: median, reference: TARGET_MS, than: `the ${TARGET_MS} ms target` })} (${verdict})\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await runScenariosBench(stdoutWrite);
