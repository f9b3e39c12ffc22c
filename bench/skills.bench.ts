/**
 * Skills pipeline cost: discovery + parsing + eligibility + merge + budget + formatting
 * (`loadSkillsFunnel`) over 100 to 5000 skills copied from the corpora, cold (a fresh parse
 * cache) and warm (a cache filled by a scan of the unchanged tree), each next to the floor (list
 * the same folders and read the same files, same FileSystem, same process); then the whole
 * `claw-eval skills --json` process over 1000 skills. All skills sit in the workspace `skills/`
 * root with `skills.limits.maxCandidatesPerRoot` and `maxSkillsLoadedPerSource` raised to the
 * size, so every one is processed.
 * Run: npm run bench:skills   (or claw-eval bench --skills 100,1000)
 */
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Bench } from "tinybench";
import type { Runtime } from "../src/domain/index.js";
import { createRuntime } from "../src/platform/create-runtime.js";
import { readPlatformInfo } from "../src/platform/node-host.js";
import { createSkillParseCache, type SkillParseCache } from "../src/skills/create-skill-parse-cache.js";
import { loadSkillsFunnel, type SkillsFunnel } from "../src/skills/load-skills-funnel.js";
import { buildSkillsTree, type SkillsTree } from "./build-skills-tree.js";
import { formatSkillsSummary, type SkillsSizeResult } from "./format-skills-summary.js";
import { formatTable } from "./format-table.js";
import { isMain, stdoutWrite, type Write } from "./is-main.js";
import { loadSkillCorpus } from "./load-skill-corpus.js";
import { findProjectRoot } from "./project-root.js";
import { readSkillsFloor } from "./read-skills-floor.js";
import { readSkillsSync } from "./read-skills-sync.js";
import { runSkillsCli } from "./run-skills-cli.js";

const ROOT = findProjectRoot(import.meta.dirname);
const BIN = join(ROOT, "dist/src/cli/bin.js");
const CLASSIC_RELOAD_MS = 239;
const CLI_SIZE = 1000;
const CLI_TARGET_MS = 500;

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
  const targets = ["", "≤ 3x floor", "≤ 2x floor", ""];
  write(`\n### ${size} skills (${expected}; ${bench.iterations} iterations)\n`);
  write(
    formatTable(
      means.map((entry, index) => ({
        task: entry.name,
        "mean ms": entry.mean.toFixed(2),
        "p99 ms": entry.p99.toFixed(2),
        "vs floor": `${(entry.mean / floorMs).toFixed(2)}x`,
        target: targets[index] ?? "",
      })),
    ),
  );
  if (size === CLI_SIZE) {
    write(
      `warm rescan vs classic OpenClaw's ${CLASSIC_RELOAD_MS} ms reload of ${size} skills: ${(CLASSIC_RELOAD_MS / warmMs).toFixed(1)}x faster (target ≥ 5x)\n`,
    );
  }
  return { size, floorMs, coldMs, warmMs, syncMs };
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
  write(
    `best ${best.toFixed(0)} ms wall: ${(best / CLI_TARGET_MS).toFixed(2)}x the ${CLI_TARGET_MS} ms target; classic OpenClaw 1100–1500 ms (${(1100 / best).toFixed(1)}–${(1500 / best).toFixed(1)}x slower)\n`,
  );
}

/** Runs the skills benchmark at `sizes` and writes its tables. */
export async function runSkillsBench(write: Write, options: { sizes?: readonly number[] } = {}): Promise<void> {
  const sizes = options.sizes ?? [100, 300, 1000, 5000];
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
    for (const size of sizes) results.push(await measureSize(treeOf(size), size, write));
    write(`\n### summary\n${formatSkillsSummary(results)}`);
    await measureCli(treeOf(CLI_SIZE), write);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await runSkillsBench(stdoutWrite);
