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

/**
 * `claw-eval bench [--skills 100,300,1000,5000] [--suite name]..`: runs the bench/ suites
 * (tinybench, a development dependency) and prints their tables. `--skills` alone runs the
 * skills suite at those sizes.
 */
export async function benchCommand(
  flags: { skills?: string; suite?: string[] },
  context: CommandContext,
): Promise<number> {
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
    let module: Record<string, unknown>;
    try {
      module = (await import(new URL(`../../bench/${file}`, import.meta.url).href)) as Record<string, unknown>;
    } catch (error) {
      throw new UsageError(
        `bench: cannot load the ${suite} suite (${error instanceof Error ? error.message : String(error)}); benchmarks need a development checkout: npm ci && npm run build`,
      );
    }
    const runSuite = module[run] as (write: (text: string) => void, options?: { sizes?: number[] }) => Promise<void>;
    write(`\n## ${suite}\n`);
    await runSuite(write, sizes === undefined ? {} : { sizes });
  }
  return EXIT.ok;
}
