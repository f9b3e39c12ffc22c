import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { escapeRegExp } from "../../src/platform/escape-reg-exp.js";
import { checkFuzzOutcome } from "./check-fuzz-outcome.js";
import { createCliTransport } from "./cli-transport.js";
import { buildFuzzClasses, type FuzzSeeds } from "./fuzz-classes.js";
import { FuzzSandbox } from "./fuzz-sandbox.js";
import type { Transport } from "./fuzz-transport.js";
import type {
  CampaignResult,
  ClassTally,
  FuzzCase,
  FuzzClass,
  FuzzFailure,
  FuzzOutcome,
  FuzzTransport,
  FuzzViolation,
} from "./fuzz-types.js";
import { generateCase, planFuzzInputs } from "./plan-fuzz-inputs.js";
import { recordCassetteSeed } from "./record-cassette-seed.js";
import { loadScenarioSeeds } from "./scenario-seeds.js";
import { createWorkerTransport } from "./worker-transport.js";

export interface CampaignOptions {
  /** Seed of the whole campaign; each input's own seed derives from it and its index. */
  seed: number;
  /** Inputs to run, dealt out round-robin over the classes. */
  runs: number;
  /** Every `cliEvery`-th round goes through the built binary instead of the worker (default 10). */
  cliEvery?: number;
  /** Only these classes (default: all). */
  classNames?: readonly string[];
  /** Run exactly one input again: its class, input seed and transport, as a failure names them. */
  replay?: { className: string; inputSeed: number; transport: FuzzTransport };
  /** Per-input deadlines, ms (default 20 s in the worker, 30 s for the binary). */
  deadlines?: { inProcessMs: number; cliMs: number };
  /** Folder to copy each failing input's files into, as `<class>/<input seed>/`. */
  keepFailures?: string;
  /** Progress lines. */
  log?: (line: string) => void;
  /** Names in the system temp folder that count as escapes (default `ESCAPE_PREFIX`); harness tests use their own. */
  escapePrefix?: string;
  /** The classes to deal inputs from (default `buildFuzzClasses`); tests of the harness pass their own. */
  buildClasses?: (seeds: FuzzSeeds) => FuzzClass[];
}

function isDiagnosed(fuzzCase: FuzzCase, outcome: FuzzOutcome): boolean {
  const output = `${outcome.stdout}\n${outcome.stderr}`;
  return (
    outcome.code === 2 || fuzzCase.files.some((file) => new RegExp(`${escapeRegExp(file.path)}:\\d+`).test(output))
  );
}

function newTally(fuzzClass: FuzzClass): ClassTally {
  const { name, category } = fuzzClass;
  return { name, category, inputs: 0, cli: 0, diagnostics: 0, passes: 0, failures: 0, skipped: 0, ms: 0 };
}

/** Runs one input in a fresh folder, checks it, copies a failing input to `kept`, and removes the folder. */
async function runInput(options: {
  sandbox: FuzzSandbox;
  transport: Transport;
  index: number;
  fuzzCase: FuzzCase;
  deadlineMs: number;
  kept: string | undefined;
}): Promise<{ outcome: FuzzOutcome; violations: FuzzViolation[] }> {
  const { sandbox, fuzzCase } = options;
  const input = sandbox.prepare(options.index, fuzzCase.files);
  const request = { cwd: input.dir, argv: fuzzCase.argv, env: input.env, deadlineMs: options.deadlineMs };
  const result = await options.transport.run(request);
  const outcome: FuzzOutcome = { ...result, escapes: sandbox.findEscapes(input) };
  const violations = checkFuzzOutcome(fuzzCase, outcome);
  if (violations.length > 0 && options.kept !== undefined) {
    mkdirSync(options.kept, { recursive: true });
    cpSync(input.dir, options.kept, { recursive: true, verbatimSymlinks: true });
  }
  sandbox.discard(input);
  return { outcome, violations };
}

/**
 * Runs a fuzz campaign: generates each planned input, runs it in the worker or the built binary
 * inside a fresh sandbox folder, checks the invariants and the canary, and tallies per class.
 */
export async function runFuzzCampaign(options: CampaignOptions): Promise<CampaignResult> {
  const log = options.log ?? (() => {});
  const deadlines = options.deadlines ?? { inProcessMs: 20_000, cliMs: 30_000 };
  const sandbox = new FuzzSandbox(options.escapePrefix === undefined ? {} : { escapePrefix: options.escapePrefix });
  const transports: Record<FuzzTransport, Transport> = {
    "in-process": createWorkerTransport(),
    cli: createCliTransport(),
  };
  try {
    const cassette = await recordCassetteSeed({ sandbox, transport: transports["in-process"] });
    const classes = (options.buildClasses ?? buildFuzzClasses)({ scenarios: loadScenarioSeeds(), cassette });
    sandbox.findEscapes(undefined);
    const planned = planFuzzInputs(classes, options);
    const tallies = new Map<string, ClassTally>();
    const hung = new Set<string>();
    const failures: FuzzFailure[] = [];
    for (const [index, { fuzzClass, inputSeed, transport }] of planned.entries()) {
      const tally = tallies.get(fuzzClass.name) ?? newTally(fuzzClass);
      tallies.set(fuzzClass.name, tally);
      if (hung.has(fuzzClass.name)) {
        tally.skipped += 1;
        continue;
      }
      const started = performance.now();
      const fuzzCase = generateCase(fuzzClass, inputSeed);
      const deadlineMs = transport === "cli" ? deadlines.cliMs : deadlines.inProcessMs;
      const kept =
        options.keepFailures === undefined ? undefined : join(options.keepFailures, fuzzClass.name, String(inputSeed));
      const { outcome, violations } = await runInput({
        sandbox,
        transport: transports[transport],
        index,
        fuzzCase,
        deadlineMs,
        kept,
      });
      tally.inputs += 1;
      if (transport === "cli") tally.cli += 1;
      if (isDiagnosed(fuzzCase, outcome)) tally.diagnostics += 1;
      if (violations.length === 0) tally.passes += 1;
      else {
        tally.failures += 1;
        failures.push({ className: fuzzClass.name, inputSeed, transport, label: fuzzCase.label, violations });
        if (outcome.hung) hung.add(fuzzClass.name);
      }
      tally.ms += performance.now() - started;
      if ((index + 1) % 50 === 0) log(`${index + 1}/${planned.length} inputs, ${failures.length} failures`);
    }
    const failingClasses = [...new Set(failures.map((failure) => failure.className))].sort();
    return {
      seed: options.seed,
      tallies: [...tallies.values()],
      failures,
      failingClasses,
      strayEscapes: sandbox.findStrayEscapes(),
    };
  } finally {
    for (const transport of Object.values(transports)) transport.close();
    sandbox.dispose();
  }
}
