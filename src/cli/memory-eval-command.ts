import { resolve } from "node:path";
import { resolveAgentConfig } from "../config/resolve-agent-config.js";
import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";
import { type Diagnostic, formatDiagnostic, type Host } from "../domain/index.js";
import { checkRelevantPaths } from "../memory/check-relevant-paths.js";
import { listIndexedFiles } from "../memory/list-indexed-files.js";
import { checkLabelledQueriesSize, parseLabelledQueries } from "../memory/parse-labelled-queries.js";
import { resolveSessionTranscriptsDir } from "../memory/resolve-session-transcripts-dir.js";
import { buildMemoryEvalReport } from "./build-memory-eval-report.js";
import { type CommandContext, EXIT, UsageError } from "./command-context.js";
import { formatMemoryEvalTable } from "./format-memory-eval-table.js";
import { loadInspectionContext } from "./load-inspection-context.js";
import { runMemoryEvalVariants } from "./run-memory-eval-variants.js";

/** `claw-eval memory --eval`, its flags parsed. */
export interface MemoryEvalCommandOptions {
  /** The workspace folder as given. */
  workspace: string;
  /** The labelled-queries file (JSON Lines) as given; messages name it so. */
  queriesFile: string;
  /** Cut-off rank; absent = `memorySearch.query.maxResults`. */
  k?: number;
  /** 0–1; absent = the configured `memorySearch.query.minScore`. */
  minScore?: number;
  /** 0–1; the configured variant's recall@k below it exits 1. */
  minRecall?: number;
  /** ms since the epoch that note ages are measured from; absent = now. Pins decay for CI gates. */
  asOf?: number;
  json: boolean;
  /** `--config`. */
  configPath?: string;
  agentId: string;
  context: CommandContext;
}

/** Input problems printed before giving up; the rest are counted. */
const PRINTED_PROBLEMS = 20;

/** Prints error diagnostics and says whether there were any. */
function reportErrors(host: Host, diagnostics: readonly Diagnostic[]): boolean {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === "error");
  for (const diagnostic of errors.slice(0, PRINTED_PROBLEMS)) host.stderr(`error: ${formatDiagnostic(diagnostic)}\n`);
  if (errors.length > PRINTED_PROBLEMS) host.stderr(`error: … and ${errors.length - PRINTED_PROBLEMS} more problems\n`);
  return errors.length > 0;
}

async function readQueriesText(host: Host, path: string, named: string): Promise<string | Diagnostic[]> {
  const stats = await host.fs.stat(path);
  if (stats?.kind !== "file")
    throw new UsageError(`--eval: ${named}: expected a labelled-queries file, found ${stats ? "a folder" : "nothing"}`);
  const oversized = checkLabelledQueriesSize({ file: named, bytes: stats.size });
  if (oversized.length > 0) return oversized;
  try {
    return await host.fs.readText(path);
  } catch (error) {
    throw new UsageError(`--eval: ${named}: cannot read the file (${(error as { code?: string }).code ?? error})`);
  }
}

/**
 * `claw-eval memory <workspace> --eval <queries.jsonl>`: checks the labelled queries (every label
 * must name a file the index covers), runs the six search variants of `runMemoryEvalVariants`
 * over in-memory indexes of the workspace's notes, and prints their recall@k, precision@k and
 * MRR (table, or the JSON report with `--json`). Every variant measures the notes' ages from
 * one moment, taken when the evaluation starts. Exit 0 when the evaluation ran; 2 for usage,
 * config and queries-file errors; 1 when no variant could run or the configured variant's
 * recall@k is under `--min-recall`; 3 when interrupted.
 */
export async function memoryEvalCommand(options: MemoryEvalCommandOptions): Promise<number> {
  const { context, agentId } = options;
  const { host } = context;
  const inspection = await loadInspectionContext({
    workspace: options.workspace,
    configPath: options.configPath,
    context,
  });
  const settings = resolveAgentConfig(resolveOpenClawConfig(inspection.config), agentId).memorySearch;
  if (!settings.enabled) {
    host.stderr(`warning: memorySearch.enabled is false for agent "${agentId}": it has no memory tools\n`);
  }
  const named = options.queriesFile;
  const queriesFile = resolve(host.cwd, named);
  const text = await readQueriesText(host, queriesFile, named);
  if (typeof text !== "string") {
    reportErrors(host, text);
    return EXIT.invalid;
  }
  const parsed = parseLabelledQueries({ file: named, text });
  if (reportErrors(host, parsed.diagnostics)) return EXIT.invalid;
  const { runtime, workspaceDir } = inspection;
  const sessionsDir = resolveSessionTranscriptsDir({ stateDir: runtime.stateDir, agentId, settings });
  const listing = await listIndexedFiles({
    fs: runtime.fs,
    workspaceDir,
    extraPaths: settings.extraPaths,
    sources: settings.sources ?? ["memory"],
    ...(sessionsDir === undefined ? {} : { sessionsDir }),
  });
  const memoryFiles = listing.files.map((file) => file.path);
  if (reportErrors(host, checkRelevantPaths({ file: named, queries: parsed.queries, memoryFiles })))
    return EXIT.invalid;
  const k = options.k ?? Math.max(1, Math.floor(settings.query.maxResults));
  const asOf = options.asOf ?? runtime.now();
  const run = await runMemoryEvalVariants({
    runtime: { ...runtime, now: () => asOf },
    workspaceDir,
    agentId,
    settings,
    queries: parsed.queries,
    k,
    ...(options.minScore === undefined ? {} : { minScore: options.minScore }),
    signal: context.signal,
  });
  const printed = new Set<string>();
  for (const outcome of run.outcomes) {
    for (const diagnostic of outcome.diagnostics) {
      const line = `${diagnostic.severity}: ${formatDiagnostic(diagnostic)}\n`;
      if (!printed.has(line)) host.stderr(line);
      printed.add(line);
    }
    if (outcome.variant.id === run.configured && outcome.status === "skipped" && !run.interrupted)
      host.stderr(`warning: the configured variant ${run.configured} could not run: ${outcome.reason}\n`);
  }
  const report = buildMemoryEvalReport({
    workspace: workspaceDir,
    queriesFile,
    agent: agentId,
    asOf,
    k,
    kFrom: options.k === undefined ? "config" : "--k",
    minScore: options.minScore ?? settings.query.minScore,
    minScoreFrom: options.minScore === undefined ? "config" : "--min-score",
    queries: parsed.queries,
    run,
    ...(options.minRecall === undefined ? {} : { minRecall: options.minRecall }),
  });
  host.stdout(options.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatMemoryEvalTable(report)}\n`);
  if (run.interrupted) {
    host.stderr("error: interrupted; the variants not finished are reported as skipped\n");
    return EXIT.incomplete;
  }
  if (report.best === null) {
    host.stderr("error: no search variant could run (see the reasons in the report)\n");
    return EXIT.failed;
  }
  return report.minRecall?.passed === false ? EXIT.failed : EXIT.ok;
}
