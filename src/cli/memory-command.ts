import { resolveAgentConfig } from "../config/resolve-agent-config.js";
import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";
import { type Diagnostic, errorMessage, formatDiagnostic } from "../domain/index.js";
import { openMemoryIndexStore } from "../memory/memory-index-store.js";
import { normaliseHybridWeights } from "../memory/merge-hybrid-results.js";
import { resolveMemoryStorePath } from "../memory/sqlite-memory-store.js";
import { buildMemoryCommandReport } from "./build-memory-command-report.js";
import { type CommandContext, EXIT, UsageError } from "./command-context.js";
import { formatMemoryCommandTable } from "./format-memory-command-table.js";
import { loadInspectionContext } from "./load-inspection-context.js";
import { memoryEvalCommand } from "./memory-eval-command.js";
import { parseAgentOption, parseScoreOption } from "./parse-memory-options.js";
import { parsePositiveInteger } from "./parse-options.js";

/** `--as-of`: an ISO date or date-time (a date alone is midnight UTC). */
function parseAsOf(value: string): number {
  const parsed = /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(value.trim()) ? Date.parse(value.trim()) : Number.NaN;
  if (!Number.isFinite(parsed))
    throw new UsageError(`--as-of: expected a date like 2026-03-15 or 2026-03-15T09:00:00Z, found "${value}"`);
  return parsed;
}

/** Options of `claw-eval memory`, as commander passes them (strings until parsed). */
export interface MemoryCommandFlags {
  query?: string;
  /** Labelled-queries file: evaluate retrieval instead of running one search. */
  eval?: string;
  k?: string;
  minRecall?: string;
  asOf?: string;
  json?: boolean;
  config?: string;
  maxResults?: string;
  minScore?: string;
  agent?: string;
}

/** Flags that belong to one mode only, named for the usage error. */
function checkModeFlags(flags: MemoryCommandFlags): void {
  if (flags.eval !== undefined) {
    if (flags.query !== undefined)
      throw new UsageError(
        "--query: not with --eval (--eval measures search over labelled queries; --query runs one search)",
      );
    if (flags.maxResults !== undefined)
      throw new UsageError("--max-results: not with --eval; set the cut-off rank with --k");
    return;
  }
  if (flags.k !== undefined) throw new UsageError("--k: only with --eval <queries.jsonl>");
  if (flags.minRecall !== undefined) throw new UsageError("--min-recall: only with --eval <queries.jsonl>");
  if (flags.asOf !== undefined) throw new UsageError("--as-of: only with --eval <queries.jsonl>");
}

function parseFlags(flags: MemoryCommandFlags & { query: string }) {
  if (flags.query.trim() === "") throw new UsageError(`--query: expected some text, found "${flags.query}"`);
  return {
    query: flags.query,
    agentId: parseAgentOption(flags.agent),
    maxResults: parsePositiveInteger("--max-results", flags.maxResults),
    minScore: parseScoreOption("--min-score", flags.minScore),
  };
}

/**
 * `claw-eval memory <workspace> --query q`: opens (or reuses) the agent's memory index over the
 * workspace read in place, syncs it, searches, and prints every hit with the parts of its score
 * (a table and legend, or the JSON report with `--json`). Exit 0 even with no results; 2 for
 * usage and config errors; 1 when the index cannot be opened, the embedder is unavailable, the
 * search fails, or the sync stopped with an error (the results may then be stale). With
 * `--eval <queries.jsonl>` it runs `memoryEvalCommand` instead; flags of the other mode are
 * usage errors.
 */
export async function memoryCommand(
  workspace: string,
  flags: MemoryCommandFlags,
  context: CommandContext,
): Promise<number> {
  const { host } = context;
  checkModeFlags(flags);
  if (flags.eval !== undefined) {
    return memoryEvalCommand({
      workspace,
      queriesFile: flags.eval,
      k: parsePositiveInteger("--k", flags.k),
      minScore: parseScoreOption("--min-score", flags.minScore),
      minRecall: parseScoreOption("--min-recall", flags.minRecall),
      ...(flags.asOf === undefined ? {} : { asOf: parseAsOf(flags.asOf) }),
      json: flags.json === true,
      configPath: flags.config,
      agentId: parseAgentOption(flags.agent),
      context,
    });
  }
  if (flags.query === undefined)
    throw new UsageError("--query: required (the text to search the memory notes for), or --eval <queries.jsonl>");
  const { query, agentId, maxResults, minScore } = parseFlags({ ...flags, query: flags.query });
  const inspection = await loadInspectionContext({ workspace, configPath: flags.config, context });
  const settings = resolveAgentConfig(resolveOpenClawConfig(inspection.config), agentId).memorySearch;
  const report = (diagnostics: readonly Diagnostic[]) => {
    for (const diagnostic of diagnostics) host.stderr(`${diagnostic.severity}: ${formatDiagnostic(diagnostic)}\n`);
  };
  if (!settings.enabled) {
    host.stderr(`warning: memorySearch.enabled is false for agent "${agentId}": it has no memory tools\n`);
  }
  const store = resolveMemoryStorePath({
    stateDir: inspection.runtime.stateDir,
    homeDir: inspection.runtime.homeDir,
    agentId,
    ...(settings.store.path === undefined ? {} : { configuredPath: settings.store.path }),
  });
  const opened = openMemoryIndexStore({
    runtime: inspection.runtime,
    workspaceDir: inspection.workspaceDir,
    agentId,
    settings,
  });
  if (!opened.ok) {
    report(opened.diagnostics);
    host.stderr(`error: cannot open the memory index ${store}\n`);
    return EXIT.failed;
  }
  const { index } = opened;
  try {
    report(index.diagnostics);
    if (index.unavailable !== undefined) {
      host.stderr(`error: memory search unavailable: ${index.unavailable}\n`);
      return EXIT.failed;
    }
    let search: Awaited<ReturnType<typeof index.search>>;
    try {
      search = await index.search({
        query,
        ...(maxResults === undefined ? {} : { maxResults }),
        ...(minScore === undefined ? {} : { minScore }),
      });
    } catch (error) {
      host.stderr(`error: memory search failed: ${errorMessage(error)}\n`);
      return EXIT.failed;
    }
    report(search.sync.diagnostics);
    const built = buildMemoryCommandReport({ workspace: inspection.workspaceDir, store, query, search });
    if (flags.json === true) {
      host.stdout(`${JSON.stringify(built, null, 2)}\n`);
    } else {
      const hybrid = settings.query.hybrid;
      const table = formatMemoryCommandTable(built, {
        weights: normaliseHybridWeights(hybrid),
        hybridEnabled: hybrid.enabled,
        decay: { enabled: hybrid.temporalDecay.enabled, halfLifeDays: hybrid.temporalDecay.halfLifeDays },
        minScore: minScore ?? settings.query.minScore,
      });
      host.stdout(`${table}\n`);
    }
    return search.sync.diagnostics.some((diagnostic) => diagnostic.severity === "error") ? EXIT.failed : EXIT.ok;
  } finally {
    index.close();
  }
}
