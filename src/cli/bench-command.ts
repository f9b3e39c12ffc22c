import { join, resolve } from "node:path";
import { type CommandContext, EXIT, UsageError } from "./command-context.js";
import { CONFIG_DEFAULTS } from "./run-option-table.js";

const SUITES = ["runner", "prompt", "skills", "context", "scenarios", "memory", "time"] as const;
type Suite = (typeof SUITES)[number];

/** Where bench writes its files (charts): this folder inside `--out`. */
export const BENCH_OUT_FOLDER = "bench";

/** What a suite's runner takes besides where its tables go (bench/is-main.ts `SuiteOptions`). */
interface SuiteRunOptions {
  progress: (text: string) => void;
  outDir: string;
  sizes?: number[];
}
type RunSuite = (write: (text: string) => void, options: SuiteRunOptions) => Promise<unknown>;

/** The compiled bench modules live beside the compiled CLI: dist/src/cli → dist/bench. */
const BENCH_MODULES: Record<Suite, { file: string; run: string }> = {
  runner: { file: "runner.bench.js", run: "runRunnerBench" },
  prompt: { file: "prompt.bench.js", run: "runPromptBench" },
  skills: { file: "skills.bench.js", run: "runSkillsBench" },
  context: { file: "context.bench.js", run: "runContextBench" },
  scenarios: { file: "scenarios.bench.js", run: "runScenariosBench" },
  memory: { file: "memory.bench.js", run: "runMemoryBench" },
  time: { file: "agent-day.bench.js", run: "runAgentDayBench" },
};

/** The options that set a suite's sizes; given alone, they also pick that suite. */
const SIZE_OPTIONS = { skills: "skills", memory: "chunks" } as const satisfies Partial<Record<Suite, string>>;

export interface BenchFlags {
  /** Comma-separated skill counts for the skills suite. */
  skills?: string;
  /** Comma-separated chunk counts for the memory suite. */
  chunks?: string;
  suite?: string[];
  check?: boolean;
  /** Reports folder; bench files go to `<out>/bench/`. Default `reports`. */
  out?: string;
}

/** Parses `100,300,1000` for `--<option>`: positive integers, at most 1,000,000 each. */
export function parseSizes(option: string, text: string): number[] {
  const sizes = text.split(",").map((entry) => Number(entry.trim()));
  if (sizes.some((size) => !Number.isInteger(size) || size < 1 || size > 1_000_000)) {
    throw new UsageError(
      `--${option}: expected comma-separated whole numbers from 1 to 1000000, found "${text}" (for example --${option} 100,1000)`,
    );
  }
  return sizes;
}

/** The suites to run: `--suite` when given, else those whose size option was given, else all. */
export function selectSuites(flags: Pick<BenchFlags, "suite" | "skills" | "chunks">): Suite[] {
  for (const suite of flags.suite ?? []) {
    if (!(SUITES as readonly string[]).includes(suite)) {
      throw new UsageError(`--suite: expected one of ${SUITES.join(", ")}, found "${suite}"`);
    }
  }
  if (flags.suite !== undefined && flags.suite.length > 0) return [...new Set(flags.suite as Suite[])];
  const sized: Suite[] = [];
  if (flags.skills !== undefined) sized.push("skills");
  if (flags.chunks !== undefined) sized.push("memory");
  return sized.length > 0 ? sized : [...SUITES];
}

async function importBenchModule(file: string, what: string): Promise<Record<string, unknown>> {
  try {
    return (await import(new URL(`../../bench/${file}`, import.meta.url).href)) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(
      `bench: cannot load the ${what} (${error instanceof Error ? error.message : String(error)}); benchmarks need a development checkout: npm ci && npm run build`,
    );
  }
}

/**
 * `--check`: measures the speed targets side by side in whole processes and prints PASS or MISS
 * for each; exit 1 when a target is missed. Needs `npm run build` first.
 */
async function runCheck(context: CommandContext): Promise<number> {
  const module = await importBenchModule("run-bench-check.js", "speed check");
  const runBenchCheck = module.runBenchCheck as (
    write: (text: string) => void,
    options: { progress: (text: string) => void },
  ) => Promise<boolean>;
  const met = await runBenchCheck((text) => context.host.stdout(text), {
    progress: (text) => context.host.stderr(text),
  });
  return checkExitCode(met);
}

/** The exit code of `bench --check`: 0 when every target was met, 1 when one was missed. */
export function checkExitCode(everyTargetMet: boolean): number {
  return everyTargetMet ? EXIT.ok : EXIT.failed;
}

/**
 * `claw-eval bench [--skills 100,300,1000] [--chunks 1000,10000] [--suite name].. [--out dir] [--check]`:
 * runs the bench/ suites (tinybench, a development dependency) and prints their tables on stdout,
 * what is running on stderr, and writes the skills chart to `<out>/bench/`. `--check` runs only
 * the speed-target check (exit 1 on a miss).
 */
export async function benchCommand(flags: BenchFlags, context: CommandContext): Promise<number> {
  const { host } = context;
  if (flags.check === true) {
    if (flags.skills !== undefined || flags.chunks !== undefined || (flags.suite ?? []).length > 0) {
      throw new UsageError("--check: runs on its own; drop --skills, --chunks and --suite");
    }
    return runCheck(context);
  }
  const sizes: Partial<Record<Suite, number[]>> = {
    ...(flags.skills === undefined ? {} : { skills: parseSizes(SIZE_OPTIONS.skills, flags.skills) }),
    ...(flags.chunks === undefined ? {} : { memory: parseSizes(SIZE_OPTIONS.memory, flags.chunks) }),
  };
  const suites = selectSuites(flags);
  const outDir = join(resolve(host.cwd, flags.out ?? CONFIG_DEFAULTS.out), BENCH_OUT_FOLDER);
  const write = (text: string) => host.stdout(text);
  const progress = (text: string) => host.stderr(text);
  for (const [index, suite] of suites.entries()) {
    const { file, run } = BENCH_MODULES[suite];
    const module = await importBenchModule(file, `${suite} suite`);
    const runSuite = module[run] as RunSuite;
    progress(`bench: suite ${index + 1} of ${suites.length}: ${suite}\n`);
    write(`\n## ${suite}\n`);
    const suiteSizes = sizes[suite];
    await runSuite(write, { progress, outDir, ...(suiteSizes === undefined ? {} : { sizes: suiteSizes }) });
  }
  progress(`bench: done (${suites.join(", ")})\n`);
  return EXIT.ok;
}
