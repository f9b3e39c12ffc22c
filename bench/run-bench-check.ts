/**
 * `claw-eval bench --check`: measures, in one run and side by side, the figures the speed targets
 * are set on (whole processes, wall time and peak RSS), prints them with PASS or MISS per target
 * and resolves whether every gated target was met. Gates are ratios of two figures taken on the
 * same machine in the same run, so a slow or busy machine shifts both; absolute times are shown.
 */
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { percentile } from "../src/stats/percentile.js";
import { buildSkillsTree, type SkillsTree } from "./build-skills-tree.js";
import {
  CHECK_LIMITS,
  type CheckFigures,
  type CheckLimits,
  checkTargets,
  describeMisses,
  formatVerdict,
} from "./check-targets.js";
import { formatTable } from "./format-table.js";
import { isMain, stderrWrite, stdoutWrite, type Write } from "./is-main.js";
import { loadSkillCorpus } from "./load-skill-corpus.js";
import { findProjectRoot } from "./project-root.js";
import { type NodeProcessRun, runNodeProcess } from "./run-node-process.js";
import { writeEchoSuite } from "./write-echo-suite.js";

const ROOT = findProjectRoot(import.meta.dirname);
const BIN = join(ROOT, "dist/src/cli/bin.js");
const BARE_READ = join(ROOT, "dist/bench/read-skills-bare.js");
const PROMPT_WORKSPACE = join(ROOT, "fixtures/workspaces/minimal");

export interface BenchCheckOptions {
  /** Measured runs per process kind, after one unmeasured warm-up; medians are compared. Default 5. */
  repeats?: number;
  /** Skills in the tree. Default 1000. */
  skills?: number;
  /** Unit counts of the small and the large run. Default 1000 and 20 000. */
  runUnits?: readonly [number, number];
  /** The limits the figures are held to. Default {@link CHECK_LIMITS}. */
  limits?: CheckLimits;
  /** Where progress lines go (which measurement is running). Default: stderr. */
  progress?: Write;
}

type ResolvedOptions = Required<BenchCheckOptions>;

function median(runs: readonly NodeProcessRun[], pick: (run: NodeProcessRun) => number): number {
  return percentile(runs.map(pick), 50) ?? Number.NaN;
}

async function measure(label: string, times: number, start: () => Promise<NodeProcessRun>): Promise<NodeProcessRun[]> {
  const runs: NodeProcessRun[] = [];
  for (let index = 0; index < times; index++) {
    const run = await start();
    if (run.code !== 0) throw new Error(`${label} exited ${run.code}: ${run.stderr.slice(-2000)}`);
    runs.push(run);
  }
  return runs;
}

/** Alternates the measured runs of several kinds, so load changes during the check hit them all alike. */
async function interleave<Kind extends string>(
  repeats: number,
  kinds: Record<Kind, () => Promise<NodeProcessRun>>,
): Promise<Record<Kind, NodeProcessRun[]>> {
  const labels = Object.keys(kinds) as Kind[];
  const runs = Object.fromEntries(labels.map((label) => [label, []])) as unknown as Record<Kind, NodeProcessRun[]>;
  for (const label of labels) await measure(`${label} (warm-up)`, 1, kinds[label]);
  for (let index = 0; index < repeats; index++) {
    for (const label of labels) runs[label].push(...(await measure(label, 1, kinds[label])));
  }
  return runs;
}

function treeEnv(tree: SkillsTree): Record<string, string> {
  return { PATH: process.env.PATH ?? "", HOME: tree.homeDir, OPENCLAW_STATE_DIR: tree.stateDir, TZ: "UTC" };
}

async function measureSkillsAndPrompt(dir: string, options: ResolvedOptions, write: Write) {
  const corpus = loadSkillCorpus(ROOT);
  const tree = buildSkillsTree({ dir: join(dir, "skills"), corpus: corpus.skills, count: options.skills });
  const env = treeEnv(tree);
  write(`skills: ${options.skills} copies of ${corpus.skills.length} SKILL.md files from ${corpus.origin}\n`);
  options.progress(
    `bench --check: skills and prompt processes, a warm-up and ${options.repeats} rounds of 4 processes\n`,
  );
  const skillsArgs = [BIN, "skills", tree.workspaceDir, "--json", "--config", tree.configPath];
  const promptArgs = [BIN, "prompt", PROMPT_WORKSPACE];
  const runs = await interleave(options.repeats, {
    floor: () => runNodeProcess({ args: [BARE_READ, tree.skillsRoot], cwd: tree.workspaceDir, env }),
    skills: () => runNodeProcess({ args: skillsArgs, cwd: tree.workspaceDir, env }),
    plain: () => runNodeProcess({ args: promptArgs, cwd: PROMPT_WORKSPACE, env }),
    json: () => runNodeProcess({ args: [...promptArgs, "--json"], cwd: PROMPT_WORKSPACE, env }),
  });
  const wall = (label: keyof typeof runs) => median(runs[label], (run) => run.wallMs);
  const peak = (label: keyof typeof runs) => median(runs[label], (run) => run.peakMb);
  const cpu = (label: keyof typeof runs) => median(runs[label], (run) => run.cpuMs);
  const line = (label: keyof typeof runs) =>
    `${label} ${wall(label).toFixed(0)} ms wall, ${cpu(label).toFixed(0)} ms CPU, ${peak(label).toFixed(0)} MB`;
  write(`medians: ${(["floor", "skills", "plain", "json"] as const).map(line).join("; ")}\n`);
  return {
    skills: { count: options.skills, cliMs: wall("skills"), floorMs: wall("floor") },
    prompt: { jsonMs: wall("json"), plainMs: wall("plain"), jsonPeakMb: peak("json"), plainPeakMb: peak("plain") },
  };
}

async function measureRuns(dir: string, options: ResolvedOptions, write: Write) {
  const [small, large] = options.runUnits;
  const runOnce = (units: number) => {
    const suiteDir = join(dir, `run-${units}`);
    writeEchoSuite({ dir: suiteDir, cases: units });
    return () =>
      runNodeProcess({
        args: [BIN, "run", "echo.yaml", "--reporter", "json", "--out", join(suiteDir, "out")],
        cwd: suiteDir,
      });
  };
  const smallTimes = Math.max(1, Math.ceil(options.repeats / 2));
  options.progress(`bench --check: run of ${small} units, ${smallTimes} time(s)\n`);
  const smallRuns = await measure(`run of ${small} units`, smallTimes, runOnce(small));
  const describe = (runs: NodeProcessRun[]) =>
    runs
      .map((run) => `${run.wallMs.toFixed(0)} ms wall ${run.cpuMs.toFixed(0)} ms CPU ${run.peakMb.toFixed(0)} MB`)
      .join(", ");
  write(`run of ${small} units: ${describe(smallRuns)}\n`);
  options.progress(`bench --check: run of ${large} units, once (this takes a while)\n`);
  const largeRuns = await measure(`run of ${large} units`, 1, runOnce(large));
  write(`run of ${large} units: ${describe(largeRuns)}\n`);
  return {
    smallUnits: small,
    largeUnits: large,
    smallMs: median(smallRuns, (run) => run.wallMs),
    largeMs: median(largeRuns, (run) => run.wallMs),
    smallPeakMb: median(smallRuns, (run) => run.peakMb),
    largePeakMb: median(largeRuns, (run) => run.peakMb),
  };
}

/** Runs every measurement, writes the table and resolves `true` when every gated target is met. */
export async function runBenchCheck(write: Write, options: BenchCheckOptions = {}): Promise<boolean> {
  const resolved: ResolvedOptions = {
    repeats: options.repeats ?? 5,
    skills: options.skills ?? 1000,
    runUnits: options.runUnits ?? [1000, 20_000],
    limits: options.limits ?? CHECK_LIMITS,
    progress: options.progress ?? stderrWrite,
  };
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "claw-eval-bench-check-")));
  try {
    write(`medians of ${resolved.repeats} whole-process runs after a warm-up, interleaved; node ${process.version}\n`);
    const figures: CheckFigures = {
      ...(await measureSkillsAndPrompt(dir, resolved, write)),
      runs: await measureRuns(dir, resolved, write),
    };
    const rows = checkTargets(figures, resolved.limits);
    write(
      formatTable(
        rows.map((row) => ({
          figure: row.figure,
          measured: row.measured,
          "target or reference": row.limit,
          result: formatVerdict(row),
        })),
      ),
    );
    write("PASS/MISS rows are targets (a MISS exits 1); absolute times depend on the machine and do not gate\n");
    const misses = describeMisses(rows);
    write(misses ?? "bench --check: every target met\n");
    return misses === undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) process.exitCode = (await runBenchCheck(stdoutWrite)) ? 0 : 1;
