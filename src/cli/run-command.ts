import { join, resolve } from "node:path";
import type { Diagnostic, RunResult } from "../domain/index.js";
import { errorMessage, escapeInvisible, formatDiagnostic, parseModelId } from "../domain/index.js";
import { type GoldenPolicy, isCiEnvironment } from "../golden/index.js";
import { createModel } from "../models/create-model.js";
import { createProviderLimiter } from "../models/create-provider-limiter.js";
import { parseFaultsOption } from "../models/parse-faults-option.js";
import { collectConfigSecrets } from "../platform/collect-secrets.js";
import { sleep } from "../platform/sleep.js";
import type { ConsoleReporter } from "../reporters/console-reporter.js";
import { createStdoutReporter } from "../reporters/create-stdout-reporter.js";
import type { SpooledUnits } from "../reporters/render-json-report.js";
import { writeReports } from "../reporters/report-store.js";
import { withResultsSpool } from "../reporters/results-spool-store.js";
import { findObsoleteGoldenFiles } from "../runner/find-obsolete-golden-files.js";
import { openHistoryStore } from "../runner/history-store.js";
import { importModule } from "../runner/import-module.js";
import { countUnits, parseShard, planUnits, type WorkUnit } from "../runner/plan-units.js";
import { retainUnitForReports } from "../runner/retain-unit-for-reports.js";
import { runSuite } from "../runner/run-suite.js";
import { type ScenarioSelection, selectsEverything } from "../runner/select-scenarios.js";
import { copyScenario } from "../scenarios/lazy-case-turns.js";
import { loadScenarios } from "../scenarios/load-scenarios.js";
import type { RunInputs } from "./apply-config-file.js";
import { applyGoldenUpdate } from "./apply-golden-update.js";
import { applyBaseline, exitCodeWithBaseline, loadBaselineOption } from "./baseline-option.js";
import { buildScenarioSelection } from "./build-scenario-selection.js";
import { type CommandContext, EXIT, UsageError } from "./command-context.js";
import { createRunId } from "./create-run-id.js";
import { loadLastFailed } from "./load-last-failed.js";
import { loadRunInputs } from "./load-run-inputs.js";
import { parsePositiveInteger, parsePositiveNumber, parseReporters } from "./parse-options.js";
import { checkModelFlags, checkPlannedUnits, checkRepeatFlag, checkTempFolder } from "./run-command-checks.js";
import { CONFIG_DEFAULTS } from "./run-option-table.js";
import { selectLastFailed } from "./select-last-failed.js";

export interface RunCommandOptions {
  model?: string[];
  repeat?: string;
  concurrency?: string;
  timeout?: string;
  filter?: string;
  tag?: string[];
  reporter?: string[];
  out?: string;
  shard?: string;
  bail?: boolean;
  updateGolden?: boolean;
  faults?: string;
  /** Stream every scenario's replies, whatever its `stream:` says. */
  stream?: boolean;
  record?: boolean;
  replay?: boolean;
  cassettes?: string;
  exclude?: string[];
  lastFailed?: boolean;
  list?: boolean;
  watch?: boolean;
  configFile?: string;
  baseline?: string;
  failOnRegression?: boolean;
}

/** How another command (`compare`) extends a run without copying it. */
export interface RunExtension {
  /** Applied to the finished result before any report is written (e.g. adds `comparison`). */
  enrich?: (result: RunResult) => RunResult;
  /** Text printed to stdout after the console summary (e.g. the comparison table). */
  epilogue?: (result: RunResult) => string;
  /** The command, as printed output names it (default `run`). */
  command?: string;
  /** Run only these scenario ids (a `--watch` re-run). */
  only?: ReadonlySet<string>;
}

/** Concurrent calls per live provider in one run (rate-limit headers pause a provider's queue). */
const PROVIDER_CONCURRENCY: Readonly<Record<string, number>> = { anthropic: 4, openai: 4 };

export function printDiagnostics(context: CommandContext, diagnostics: readonly Diagnostic[]): void {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === "error");
  const files = new Set(errors.map((diagnostic) => escapeInvisible(diagnostic.file)));
  for (const diagnostic of diagnostics) {
    const prefix = diagnostic.severity === "warning" ? "warning: " : "";
    context.host.stderr(`${prefix}${formatDiagnostic(diagnostic)}\n`);
  }
  if (errors.length > 0) {
    context.host.stderr(
      `\n${errors.length} problem${errors.length === 1 ? "" : "s"} in ${files.size} invalid file${files.size === 1 ? "" : "s"}: ${[...files].join(", ")}\nNothing was run. Fix the files above and run again.\n`,
    );
  }
}

/** Exit code of a finished run (DESIGN.md): 3 incomplete, 1 any failure, else 0. */
export function exitCodeOf(result: RunResult): number {
  if (result.status !== "completed") return EXIT.incomplete;
  const { failed, errored, interrupted } = result.summary;
  return failed + errored + interrupted > 0 ? EXIT.failed : EXIT.ok;
}

/** `claw-eval run [paths..]`: load, plan, run, report. */
export async function runCommand(
  paths: string[],
  flags: RunCommandOptions,
  context: CommandContext,
  extension: RunExtension = {},
): Promise<number> {
  const configured = await loadRunInputs({ paths, flags, context });
  if ("diagnostics" in configured) {
    printDiagnostics(context, configured.diagnostics);
    return EXIT.invalid;
  }
  if (flags.watch && !flags.list) {
    const { watchRuns } = await import("./watch-runs.js");
    return watchRuns({
      inputs: configured,
      context,
      run: (only) => runOnce(configured, context, { ...extension, only }),
    });
  }
  return runOnce(configured, context, extension);
}

/** One run of the configured inputs. */
async function runOnce(configured: RunInputs, context: CommandContext, extension: RunExtension): Promise<number> {
  const { flags } = configured;
  const { host } = context;
  const shard = flags.shard === undefined ? undefined : parseShard(flags.shard);
  if (flags.shard !== undefined && shard === undefined) {
    throw new UsageError(`--shard: expected i/n with 1 ≤ i ≤ n, found "${flags.shard}"`);
  }
  const repeat = parsePositiveInteger("--repeat", flags.repeat);
  checkRepeatFlag(repeat);
  checkModelFlags(flags.model);
  const concurrency = parsePositiveInteger("--concurrency", flags.concurrency) ?? host.cpuCount;
  const timeoutSeconds = parsePositiveNumber("--timeout", flags.timeout);
  const reporters = parseReporters(flags.reporter, host.env);
  const faults = flags.faults === undefined ? undefined : parseFaultsOption(flags.faults);
  if (faults !== undefined && !faults.ok) throw new UsageError(`--faults: ${faults.error}`);
  const inputs = configured.paths;
  const selection = buildScenarioSelection(flags);
  const baseline = await loadBaselineOption({ flags, out: flags.out ?? CONFIG_DEFAULTS.out, context });

  const planned = await planRun({ inputs, flags, repeat, shard, context, selection, extension });
  if (typeof planned === "number") return planned;
  const { units, modelIds, diagnostics, obsoleteGolden } = planned;
  await checkTempFolder(host);
  const golden = goldenPolicyOf(flags.updateGolden === true, context);

  const runId = await createRunId(host, resolve(host.cwd, flags.out ?? CONFIG_DEFAULTS.out));
  const consoleReporter = createStdoutReporter({
    reporters,
    host,
    ...(extension.command ? { command: extension.command } : {}),
  });
  consoleReporter?.onRunStart({ runId, total: units.length });
  // Each finished unit goes to disk whole, as results.json will hold it; the run keeps only what
  // the other reports read, so memory does not grow with the number of units.
  return withResultsSpool(
    host.fs,
    async (spool) => {
      const result = await runSuite({
        units,
        releaseFinishedUnits: true,
        host,
        runId,
        concurrency,
        ...(timeoutSeconds === undefined ? {} : { timeoutMs: timeoutSeconds * 1000 }),
        bail: flags.bail === true,
        signal: context.signal,
        importModule,
        models: {
          env: host.env,
          ...(faults?.ok ? { faults: faults.spec } : {}),
          limiter: createProviderLimiter({ limits: PROVIDER_CONCURRENCY, sleep, now: host.now }),
          ...(flags.record || flags.replay
            ? {
                cassettes: {
                  mode: flags.replay ? ("replay" as const) : ("record" as const),
                  ...(flags.cassettes ? { directory: resolve(host.cwd, flags.cassettes) } : {}),
                  fs: host.fs,
                },
              }
            : {}),
        },
        diagnostics,
        golden,
        obsoleteGolden,
        record: {
          paths: inputs,
          models: modelIds,
          ...(repeat === undefined ? {} : { repeat }),
          ...(flags.filter ? { filter: flags.filter } : {}),
          ...(flags.tag ? { tags: flags.tag } : {}),
          ...(shard ? { shard } : {}),
          concurrency,
          ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }),
          bail: flags.bail === true,
          ...(flags.stream ? { stream: true } : {}),
        },
        ...(consoleReporter ? { onUnitEnd: (unit, progress) => consoleReporter.onUnitEnd(unit, progress) } : {}),
        retain: (unit) => {
          const redacted = context.redactor.redactValue(unit);
          spool.add(redacted);
          return retainUnitForReports(redacted);
        },
      });
      const updated =
        golden.mode === "update"
          ? await applyGoldenUpdate({
              result,
              context,
              removeObsolete: !configured.pathsFromCommandLine && obsoleteGolden.length > 0,
              printWritten: true,
            })
          : result;
      const finished = applyBaseline(extension.enrich ? extension.enrich(updated) : updated, baseline);
      const code = await finishRun({
        result: finished,
        spooled: spool,
        reporters,
        outDir: resolve(host.cwd, flags.out ?? CONFIG_DEFAULTS.out),
        context,
        consoleReporter,
        ...(extension.epilogue ? { epilogue: extension.epilogue } : {}),
      });
      return exitCodeWithBaseline({ code, result: finished, failOnRegression: flags.failOnRegression === true });
    },
    { html: reporters.includes("html") },
  );
}

/**
 * Loads the scenarios and plans the work units, or returns the exit code when there is nothing
 * valid to run. The loaded scenarios are not returned: past this point only the units hold
 * them, and the run lets go of each unit's scenario when the unit has finished.
 */
async function planRun(options: {
  inputs: string[];
  flags: RunCommandOptions;
  repeat: number | undefined;
  shard: ReturnType<typeof parseShard>;
  context: CommandContext;
  selection: ScenarioSelection;
  extension: RunExtension;
}): Promise<number | { units: WorkUnit[]; modelIds: string[]; diagnostics: Diagnostic[]; obsoleteGolden: string[] }> {
  const { inputs, flags, repeat, shard, context, selection, extension } = options;
  const { host } = context;
  const loaded = await loadScenarios({ paths: inputs, cwd: host.cwd });
  context.redactor.add(loaded.scenarios.flatMap((scenario) => collectConfigSecrets(scenario.config)));
  printDiagnostics(context, loaded.diagnostics);
  if (loaded.diagnostics.some((diagnostic) => diagnostic.severity === "error")) return EXIT.invalid;
  const plan = {
    ...(flags.model ? { models: flags.model } : {}),
    ...(repeat === undefined ? {} : { repeat }),
    ...selection,
    ...(shard ? { shard } : {}),
  };
  const only = extension.only;
  const selected = only ? loaded.scenarios.filter((scenario) => only.has(scenario.id)) : loaded.scenarios;
  const scenarios = flags.stream ? selected.map((scenario) => copyScenario(scenario, { stream: true })) : selected;
  checkPlannedUnits(countUnits(scenarios, plan));
  let units = planUnits(scenarios, plan);
  if (flags.lastFailed) {
    const out = flags.out ?? CONFIG_DEFAULTS.out;
    const last = await loadLastFailed({ fs: host.fs, outDir: resolve(host.cwd, out) });
    const selected = selectLastFailed({ units, last, out });
    host.stderr(selected.note);
    units = selected.units;
  }
  if (flags.list) {
    for (const unit of units) host.stdout(`${unit.unitId}\n`);
    return EXIT.ok;
  }
  const modelIds = [...new Set(units.map((unit) => unit.model))].sort();
  if (flags.record && flags.replay) throw new UsageError("--record and --replay exclude each other: choose one");
  for (const id of modelIds) {
    const live = ["anthropic", "openai"].includes(parseModelId(id).provider);
    if (flags.replay && live) continue;
    const created = createModel(id, { env: host.env });
    if (!created.ok) throw new UsageError(created.error);
  }
  if (units.length === 0) {
    host.stderr(
      `No work units to run: ${loaded.scenarios.length} scenario(s) loaded from ${inputs.join(", ")}, none matched the filters.\n`,
    );
    return EXIT.invalid;
  }
  const wholeSuite = selectsEverything(selection) && shard === undefined && !flags.lastFailed && only === undefined;
  const obsoleteGolden = wholeSuite
    ? await findObsoleteGoldenFiles({ scenarios: loaded.scenarios, fs: host.fs, cwd: host.cwd })
    : [];
  return { units, modelIds, diagnostics: loaded.diagnostics, obsoleteGolden };
}

/**
 * `--update-golden` writes golden files, except with `CI=true`: then they are only compared
 * (a missing one fails) and the flag is ignored with a warning.
 */
export function goldenPolicyOf(update: boolean, context: CommandContext): GoldenPolicy {
  const ci = isCiEnvironment(context.host.env);
  if (update && ci) {
    context.host.stderr("warning: CI=true: --update-golden is ignored, golden files are compared and never written\n");
  }
  return { mode: update && !ci ? "update" : "check", ci };
}

/**
 * Writes the file reports (results.json first), then the console summary, with every secret the
 * context's redactor knows removed; returns the exit code.
 */
export async function finishRun(options: {
  result: RunResult;
  /** The units' whole records, when the run spooled them (see {@link writeReports}). */
  spooled?: SpooledUnits;
  reporters: ReturnType<typeof parseReporters>;
  outDir: string;
  context: CommandContext;
  /** The stdout reporters (`createStdoutReporter`), if any. */
  consoleReporter: ConsoleReporter | undefined;
  /** Printed to stdout after the console summary, whatever the reporters. */
  epilogue?: (result: RunResult) => string;
}): Promise<number> {
  const { context } = options;
  const written = await writeReports({
    result: options.result,
    outDir: options.outDir,
    reporters: options.reporters,
    fs: context.host.fs,
    redactor: context.redactor,
    ...(options.spooled ? { spooled: options.spooled } : {}),
  });
  // The redacted result, not only redacted text: the console summary cuts long values, which
  // could otherwise leave the head of a key; history.sqlite gets the same redacted result.
  const { result } = written;
  if (options.consoleReporter) {
    try {
      options.consoleReporter.onRunEnd(result);
    } catch (error) {
      context.host.stderr(`console reporter failed: ${String(error)}\n`);
    }
  }
  if (options.epilogue) context.host.stdout(options.epilogue(result));
  for (const failure of written.errors)
    context.host.stderr(`reporter ${failure.reporter} failed: ${failure.message}\n`);
  recordHistory(result, options.outDir, context);
  if (written.written.length > 0 && options.consoleReporter) {
    context.host.stdout(`Reports: ${written.written.join(", ")}\n`);
  }
  if (result.status === "interrupted") context.host.stderr("Run interrupted: finished results were written.\n");
  return exitCodeOf(result);
}

/** Adds the run to `<out>/history.sqlite`; a failure is a warning, never a lost result. */
function recordHistory(result: RunResult, outDir: string, context: CommandContext): void {
  const path = join(outDir, "history.sqlite");
  try {
    const history = openHistoryStore(path);
    try {
      history.record(result);
    } finally {
      history.close();
    }
  } catch (error) {
    context.host.stderr(`history: could not record the run in ${path}: ${errorMessage(error)}\n`);
  }
}
