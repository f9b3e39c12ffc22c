import { type CommandContext, EXIT, UsageError } from "./command-context.js";

const SUITES = ["runner", "prompt", "skills", "context", "scenarios", "memory"] as const;
type Suite = (typeof SUITES)[number];

/** The compiled bench modules live beside the compiled CLI: dist/src/cli → dist/bench. */
const BENCH_MODULES: Record<Suite, { file: string; run: string }> = {
  runner: { file: "runner.bench.js", run: "runRunnerBench" },
  prompt: { file: "prompt.bench.js", run: "runPromptBench" },
  skills: { file: "skills.bench.js", run: "runSkillsBench" },
  context: { file: "context.bench.js", run: "runContextBench" },
  scenarios: { file: "scenarios.bench.js", run: "runScenariosBench" },
  memory: { file: "memory.bench.js", run: "runMemoryBench" },
};

function parseSizes(text: string): number[] {
  const sizes = text.split(",").map((entry) => Number(entry.trim()));
  if (sizes.length === 0 || sizes.some((size) => !Number.isInteger(size) || size < 1)) {
    throw new UsageError(`--skills: expected comma-separated positive integers, found "${text}"`);
  }
  return sizes;
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
 * for each; exit 1 when a gated target (a ratio) is missed. Needs `npm run build` first.
 */
async function runCheck(context: CommandContext): Promise<number> {
  const module = await importBenchModule("run-bench-check.js", "speed check");
  const runBenchCheck = module.runBenchCheck as (write: (text: string) => void) => Promise<boolean>;
  const met = await runBenchCheck((text) => context.host.stdout(text));
  return met ? EXIT.ok : EXIT.failed;
}

/**
 * `claw-eval bench [--skills 100,300,1000,5000] [--suite name].. [--check]`: runs the bench/
 * suites (tinybench, a development dependency) and prints their tables. `--skills` alone runs the
 * skills suite at those sizes. `--check` runs only the speed-target check (exit 1 on a miss).
 */
export async function benchCommand(
  flags: { skills?: string; suite?: string[]; check?: boolean },
  context: CommandContext,
): Promise<number> {
  if (flags.check === true) {
    if (flags.skills !== undefined || (flags.suite ?? []).length > 0) {
      throw new UsageError("--check: runs on its own; drop --skills and --suite");
    }
    return runCheck(context);
  }
  const sizes = flags.skills === undefined ? undefined : parseSizes(flags.skills);
  for (const suite of flags.suite ?? []) {
    if (!(SUITES as readonly string[]).includes(suite)) {
      throw new UsageError(`--suite: expected one of ${SUITES.join(", ")}, found "${suite}"`);
    }
  }
  const suites: Suite[] =
    flags.suite !== undefined && flags.suite.length > 0
      ? (flags.suite as Suite[])
      : sizes !== undefined
        ? ["skills"]
        : [...SUITES];
  const write = (text: string) => context.host.stdout(text);
  for (const suite of suites) {
    const { file, run } = BENCH_MODULES[suite];
    const module = await importBenchModule(file, `${suite} suite`);
    const runSuite = module[run] as (write: (text: string) => void, options?: { sizes?: number[] }) => Promise<void>;
    write(`\n## ${suite}\n`);
    await runSuite(write, sizes === undefined ? {} : { sizes });
  }
  return EXIT.ok;
}
