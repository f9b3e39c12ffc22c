import type { MemorySearchConfig } from "../config/resolve-agent-config.js";
import { type Diagnostic, errorMessage, formatDiagnostic, type Runtime } from "../domain/index.js";
import {
  buildRetrievalVariants,
  configuredRetrievalVariantId,
  type RetrievalVariant,
} from "../memory/build-retrieval-variants.js";
import { resolveEmbedder } from "../memory/embedders/resolve-embedder.js";
import { formatCitation } from "../memory/format-memory-tool-results.js";
import { type LabelledQuery, measureRetrieval, type RetrievalMeasure } from "../memory/measure-retrieval.js";
import { type MemoryIndexStore, openMemoryIndexStore } from "../memory/memory-index-store.js";
import { oneLineSnippet } from "./format-memory-command-table.js";

/** A top-k hit as the evaluation keeps it. `score` is 0–1; `snippet` is one line of ≤ 60 code points. */
export interface MemoryEvalHit {
  citation: string;
  score: number;
  snippet: string;
}

/** What became of one variant: its figures and each query's top hits, or why it could not run. */
export type MemoryEvalOutcome =
  | {
      variant: RetrievalVariant;
      status: "ran";
      mode: "hybrid" | "fts-only";
      provider: string;
      model: string;
      measure: RetrievalMeasure;
      /** Per query, in query order: the top k hits. */
      hits: MemoryEvalHit[][];
      /** Warnings of the variant's sync (a skipped binary note, ...). */
      diagnostics: Diagnostic[];
    }
  | { variant: RetrievalVariant; status: "skipped"; reason: string; diagnostics: Diagnostic[] };

export interface RunMemoryEvalVariantsOptions {
  /** Its clock should stand still for the run, so every variant decays from the same moment. */
  runtime: Runtime;
  workspaceDir: string;
  agentId: string;
  /** The agent's resolved `memorySearch` settings. */
  settings: MemorySearchConfig;
  queries: readonly LabelledQuery[];
  /** Cut-off rank; every search asks for k results. */
  k: number;
  /** Overrides `query.minScore` (0–1); absent = the configured one. */
  minScore?: number;
  /** Once aborted, the running variant and the rest are skipped as interrupted. */
  signal?: AbortSignal;
}

export interface MemoryEvalRun {
  /** The variant that searches as the agent is configured to. */
  configured: string;
  outcomes: MemoryEvalOutcome[];
  interrupted: boolean;
}

const INTERRUPTED = "interrupted";

/** Why a variant that needs vectors has none, or `undefined` when it has an embedder. */
function missingEmbedder(index: MemoryIndexStore, settings: MemorySearchConfig): string | undefined {
  if (index.mode === "hybrid") return undefined;
  if (index.unavailable !== undefined) return `the embedder cannot be set up: ${index.unavailable}`;
  if (index.fallback !== null) return `no embedder: ${index.fallback.from} is unusable (${index.fallback.reason})`;
  return `no embedder: memorySearch.provider is "${settings.provider}"`;
}

async function runVariant(
  variant: RetrievalVariant,
  options: RunMemoryEvalVariantsOptions,
): Promise<MemoryEvalOutcome> {
  const skipped = (reason: string, diagnostics: Diagnostic[] = []): MemoryEvalOutcome => ({
    variant,
    status: "skipped",
    reason,
    diagnostics,
  });
  const { runtime, workspaceDir, agentId } = options;
  const opened = openMemoryIndexStore({ runtime, workspaceDir, agentId, settings: variant.settings });
  if (!opened.ok) {
    const why = opened.diagnostics.map(formatDiagnostic).join("; ");
    return skipped(`cannot open an in-memory index: ${why}`);
  }
  const { index } = opened;
  try {
    const noEmbedder = variant.search === "keyword" ? undefined : missingEmbedder(index, variant.settings);
    if (noEmbedder !== undefined) return skipped(noEmbedder);
    if (variant.search === "keyword" && !index.connection.ftsAvailable)
      return skipped("full-text search (SQLite FTS5) is not available");
    const sync = await index.sync();
    const failure = sync.diagnostics.find((diagnostic) => diagnostic.severity === "error");
    if (failure !== undefined) return skipped(`indexing failed: ${formatDiagnostic(failure)}`, sync.diagnostics);
    const hits: MemoryEvalHit[][] = [];
    let measure: RetrievalMeasure;
    try {
      measure = await measureRetrieval({
        queries: options.queries,
        k: options.k,
        search: async (query) => {
          if (options.signal?.aborted === true) throw new Error(INTERRUPTED);
          const found = await index.search({
            query,
            maxResults: options.k,
            ...(options.minScore === undefined ? {} : { minScore: options.minScore }),
          });
          const top = found.hits.slice(0, options.k);
          hits.push(
            top.map((hit) => ({
              citation: formatCitation(hit),
              score: hit.score,
              snippet: oneLineSnippet(hit.snippet),
            })),
          );
          return top;
        },
      });
    } catch (error) {
      if (options.signal?.aborted === true) return skipped(INTERRUPTED, sync.diagnostics);
      return skipped(`search failed: ${errorMessage(error)}`, sync.diagnostics);
    }
    const { mode, provider, model } = index;
    return { variant, status: "ran", mode, provider, model, measure, hits, diagnostics: sync.diagnostics };
  } finally {
    index.close();
  }
}

/**
 * Runs every variant of {@link buildRetrievalVariants} in turn, each over its own in-memory index
 * built from the workspace's notes, and measures it on the labelled queries. Nothing is written:
 * the agent's index file is not opened. A variant that cannot run (no embedder, no FTS5, a failed
 * sync or search, an interrupt) is skipped with the reason. Never throws for those; rejects only
 * on broken invariants.
 */
export async function runMemoryEvalVariants(options: RunMemoryEvalVariantsOptions): Promise<MemoryEvalRun> {
  const { runtime, settings } = options;
  const resolution = resolveEmbedder({ config: settings, env: runtime.env, sleep: (ms) => runtime.sleep(ms) });
  const keywordOnly = resolution.mode === "fts-only" && resolution.unavailable === undefined;
  const outcomes: MemoryEvalOutcome[] = [];
  for (const variant of buildRetrievalVariants(settings)) {
    outcomes.push(
      options.signal?.aborted === true
        ? { variant, status: "skipped", reason: INTERRUPTED, diagnostics: [] }
        : await runVariant(variant, options),
    );
  }
  return {
    configured: configuredRetrievalVariantId({ settings, keywordOnly }),
    outcomes,
    interrupted: options.signal?.aborted === true,
  };
}
