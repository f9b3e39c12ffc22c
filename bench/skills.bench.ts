/**
 * Skills pipeline cost: discovery + parsing + eligibility + merge + budget + formatting
 * (`loadSkillsFunnel`) over 100, 300 and 1000 skills (any sizes with `--skills`) copied from the corpora, cold (a fresh parse
 * cache) and warm (a cache filled by a scan of the unchanged tree), each next to the floor (list
 * the same folders and read the same files, same FileSystem, same process); then the whole
 * `claw-eval skills --json` process over 1000 skills. All skills sit in the workspace `skills/`
 * root with `skills.limits.maxCandidatesPerRoot` and `maxSkillsLoadedPerSource` raised to the
 * size, so every one is processed.
 * Run: npm run bench:skills   (or claw-eval bench --skills 100,1000)
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Bench } from "tinybench";
import { BENCH_OUT_FOLDER } from "../src/cli/bench-command.js";
import { CONFIG_DEFAULTS } from "../src/cli/run-option-table.js";
import type { Runtime } from "../src/domain/index.js";
import { createRuntime } from "../src/platform/create-runtime.js";
import { readPlatformInfo } from "../src/platform/node-host.js";
import { createSkillParseCache, type SkillParseCache } from "../src/skills/create-skill-parse-cache.js";
import { loadSkillsFunnel, type SkillsFunnel } from "../src/skills/load-skills-funnel.js";
import { buildSkillsTree, type SkillsTree } from "./build-skills-tree.js";
import { formatRatio, formatRatioTarget } from "./format-ratio.js";
import { formatSkillsChart, SKILLS_CHART_FILE } from "./format-skills-chart.js";
import { checkSkillsSize, formatSkillsSummary, type SkillsSizeResult } from "./format-skills-summary.js";
import { formatTable } from "./format-table.js";
import { isMain, type SuiteOptions, stderrWrite, stdoutWrite, type Write } from "./is-main.js";
import { loadSkillCorpus } from "./load-skill-corpus.js";
import { findProjectRoot } from "./project-root.js";
import { readSkillsFloor } from "./read-skills-floor.js";
import { readSkillsSync } from "./read-skills-sync.js";
import { runSkillsCli } from "./run-skills-cli.js";

const ROOT = findProjectRoot(import.meta.dirname);
const BIN = join(ROOT, "dist/src/cli/bin.js");
const CLASSIC_RELOAD_MS = 239;
const CLASSIC_RELOAD_TARGET = 5;
const CLASSIC_CLI_MS = [1100, 1500] as const;
const CLI_SIZE = 1000;
const CLI_TARGET_MS = 500;

/** Sizes the suite runs without `--skills`: a couple of minutes on a busy 2-core machine. */
export const DEFAULT_SKILLS_SIZES: readonly number[] = [100, 300, 1000];

/** Many runs where one is cheap, few at 5000 skills (about 15 s of scans per size on 2 cores). */
function iterationsFor(size: number) {
  const iterations = Math.max(8, Math.min(300, Math.round(40_000 / size)));
  return { iterations, warmupIterations: Math.max(1, Math.round(iterations / 10)) };
}

/** A skills tree with the host's PATH (bins lookups are part of eligibility). */
interface BenchTree extends SkillsTree {
  hostPath: string;
}

function createBenchRuntime(tree: BenchTree): Runtime {
  return createRuntime({
    now: 0,
    timezone: "UTC",
    env: { PATH: tree.hostPath, HOME: tree.homeDir },
    homeDir: tree.homeDir,
    stateDir: tree.stateDir,
    seed: 0,
    platform: readPlatformInfo(),
  });
}

function scanFunnel(tree: BenchTree, runtime: Runtime, parseCache: SkillParseCache): Promise<SkillsFunnel> {
  const { workspaceDir, config } = tree;
  return loadSkillsFunnel({ workspaceDir, config, runtime, parseCache, cwd: workspaceDir });
}

/** What a scan found, to check every timed scan did the same work. */
function describeFunnel({ report }: SkillsFunnel): string {
  const loaded = report.sources.reduce((sum, source) => sum + source.loaded, 0);
  const skipped = report.sources.reduce((sum, source) => sum + source.skipped.length, 0);
  return `loaded ${loaded}, skipped ${skipped}, merged ${report.discovered.length}, eligible ${report.eligible.length}, in prompt ${report.included.length}`;
}

async function measureSize(tree: BenchTree, size: number, write: Write): Promise<SkillsSizeResult> {
  const warmRuntime = createBenchRuntime(tree);
  const warmCache = createSkillParseCache();
  const expected = describeFunnel(await scanFunnel(tree, warmRuntime, warmCache));
  const check = (funnel: SkillsFunnel) => {
    const found = describeFunnel(funnel);
    if (found !== expected) throw new Error(`${size} skills: expected ${expected}, found ${found}`);
  };
  const floorRuntime = createBenchRuntime(tree);
  const bench = new Bench({ ...iterationsFor(size), time: 0 });
  bench
    .add("floor: list folders + read SKILL.md", async () => {
      await readSkillsFloor(floorRuntime.fs, tree.skillsRoot);
    })
    .add("cold: first scan (fresh runtime and parse cache)", async () => {
      check(await scanFunnel(tree, createBenchRuntime(tree), createSkillParseCache()));
    })
    .add("warm: rescan of the unchanged tree (filled cache)", async () => {
      check(await scanFunnel(tree, warmRuntime, warmCache));
    })
    .add("reference (not the floor): readdirSync + readFileSync", () => {
      readSkillsSync(tree.skillsRoot);
    });
  await bench.run();
  const means = bench.tasks.map((task) => {
    const result = task.result;
    if (result?.state !== "completed") throw new Error(`${task.name}: ${result?.state}`);
    return { name: task.name, mean: result.latency.mean, p99: result.latency.p99 ?? result.latency.mean };
  });
  const [floorMs, coldMs, warmMs, syncMs] = means.map((entry) => entry.mean) as [number, number, number, number];
  const result = { size, floorMs, coldMs, warmMs, syncMs };
  const met = checkSkillsSize(result);
  const verdict = (ok: boolean) => (ok ? "met" : "missed");
  const targets = [
    "",
    `at most 3x slower than floor (${verdict(met.cold)})`,
    `at most 2x slower than floor (${verdict(met.warm)})`,
    "",
  ];
  write(`\n### ${size} skills (${expected}; ${bench.iterations} iterations)\n`);
  write(
    formatTable(
      means.map((entry, index) => ({
        task: entry.name,
        "mean ms": entry.mean.toFixed(2),
        "p99 ms": entry.p99.toFixed(2),
        "against the floor":
          index === 0 ? "(the floor)" : formatRatio({ measured: entry.mean, reference: floorMs, than: "floor" }),
        target: targets[index] ?? "",
      })),
    ),
  );
  if (size === CLI_SIZE) {
    const classic = `classic OpenClaw's ${CLASSIC_RELOAD_MS} ms reload`;
    const target = formatRatioTarget({ factor: CLASSIC_RELOAD_TARGET, side: "below", than: classic });
    write(
      `warm rescan of ${size} skills: ${formatRatio({ measured: warmMs, reference: CLASSIC_RELOAD_MS, than: classic })} (target: ${target}; ${verdict(warmMs * CLASSIC_RELOAD_TARGET <= CLASSIC_RELOAD_MS)})\n`,
    );
  }
  return result;
}

async function measureCli(tree: BenchTree, write: Write): Promise<void> {
  const runs = [];
  for (let index = 0; index < 3; index++) runs.push(await runSkillsCli({ bin: BIN, tree, path: tree.hostPath }));
  write(`\n### whole \`claw-eval skills <workspace> --json\` process, ${CLI_SIZE} skills\n`);
  write(
    formatTable(
      runs.map((run, index) => ({
        run: String(index + 1),
        "wall ms": run.wallMs.toFixed(0),
        merged: String(run.discovered),
        "in prompt": String(run.included),
        "stderr lines": String(run.stderrLines),
      })),
    ),
  );
  const best = Math.min(...runs.map((run) => run.wallMs));
  const [classicLow, classicHigh] = CLASSIC_CLI_MS;
  const against = (reference: number, than: string) => formatRatio({ measured: best, reference, than });
  write(
    `best ${best.toFixed(0)} ms wall: ${against(CLI_TARGET_MS, `the ${CLI_TARGET_MS} ms target`)} (${best <= CLI_TARGET_MS ? "met" : "missed"}); ` +
      `${against(classicLow, `classic OpenClaw at its fastest (${classicLow} ms)`)}, ${against(classicHigh, `classic OpenClaw at its slowest (${classicHigh} ms)`)}\n`,
  );
}

/**
 * Runs the skills benchmark at `sizes` (default {@link DEFAULT_SKILLS_SIZES}), writes its tables and,
 * with `outDir`, the chart `<outDir>/skills-cost.svg`; resolves the measured sizes.
 */
export async function runSkillsBench(
  write: Write,
  options: SuiteOptions & { sizes?: readonly number[] } = {},
): Promise<SkillsSizeResult[]> {
  const sizes = options.sizes ?? DEFAULT_SKILLS_SIZES;
  const progress = options.progress ?? stderrWrite;
  const corpus = loadSkillCorpus(ROOT);
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "claw-eval-skills-bench-")));
  try {
    write(
      `skills from ${corpus.origin} (${corpus.skills.length} SKILL.md files); all in the workspace skills/ root, per-root limits raised to the size\n`,
    );
    const hostPath = process.env.PATH ?? "";
    const trees = new Map<number, BenchTree>();
    const treeOf = (size: number): BenchTree => {
      const built = trees.get(size) ?? {
        ...buildSkillsTree({ dir: join(dir, `size-${size}`), corpus: corpus.skills, count: size }),
        hostPath,
      };
      trees.set(size, built);
      return built;
    };
    const results: SkillsSizeResult[] = [];
    for (const [index, size] of sizes.entries()) {
      progress(`bench: skills: ${size} skills (size ${index + 1} of ${sizes.length}): building the tree\n`);
      const tree = treeOf(size);
      progress(`bench: skills: ${size} skills: ${iterationsFor(size).iterations} scans of each of 4 tasks\n`);
      results.push(await measureSize(tree, size, write));
    }
    write(`\n### summary: time per scan by number of skills\n${formatSkillsSummary(results)}`);
    if (options.outDir !== undefined) {
      const chart = join(options.outDir, SKILLS_CHART_FILE);
      mkdirSync(options.outDir, { recursive: true });
      writeFileSync(chart, formatSkillsChart(results));
      write(`chart: ${chart}\n`);
    }
    progress(`bench: skills: 3 whole \`claw-eval skills --json\` processes over ${CLI_SIZE} skills\n`);
    await measureCli(treeOf(CLI_SIZE), write);
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  await runSkillsBench(stdoutWrite, { outDir: join(CONFIG_DEFAULTS.out, BENCH_OUT_FOLDER) });
}
