import { formatCitation } from "../memory/format-memory-tool-results.js";
import type { MemoryIndexSearch } from "../memory/memory-index-store.js";
import type { MemoryScoreParts } from "../memory/search-memory.js";
import type { MemorySyncSummary } from "../memory/sync-memory-index.js";

/** One ranked hit of `claw-eval memory --json`. Scores are 0–1; lines are 1-based and inclusive. */
export interface MemoryCommandResult {
  /** 1-based position in the final order. */
  rank: number;
  /** Workspace-relative path with `/` separators. */
  path: string;
  startLine: number;
  endLine: number;
  /** `path#Lx` or `path#Lx-Ly`, as the memory tools cite it. */
  citation: string;
  /** Final score: `parts.merged × parts.decay`. */
  score: number;
  parts: MemoryScoreParts;
  /** The hit's snippet as the search returned it (≤ 700 UTF-16 units, may span lines). */
  snippet: string;
}

/** The JSON document of `claw-eval memory --json` (a contract: other tools read it). */
export interface MemoryCommandReport {
  /** Absolute workspace folder, read in place. */
  workspace: string;
  /** Absolute path of the SQLite index that was opened (or created). */
  store: string;
  mode: "hybrid" | "fts-only";
  /** Embedder id (`hash`, `openai`) or `none` in FTS-only mode. */
  provider: string;
  model: string;
  /** Why the configured embedder was replaced, or `null`. */
  fallback: { from: string; reason: string } | null;
  sync: Omit<MemorySyncSummary, "diagnostics">;
  query: string;
  results: MemoryCommandResult[];
}

/** The parts in reading order (keyword, vector, merged, decay, ageDays, mmrRank), absent ones left out. */
function orderedParts(parts: MemoryScoreParts): MemoryScoreParts {
  const { keyword, vector, merged, decay, ageDays, mmrRank } = parts;
  return {
    ...(keyword === undefined ? {} : { keyword }),
    ...(vector === undefined ? {} : { vector }),
    merged,
    decay,
    ...(ageDays === undefined ? {} : { ageDays }),
    ...(mmrRank === undefined ? {} : { mmrRank }),
  };
}

/** Builds the `--json` report from one search of the index. Pure. */
export function buildMemoryCommandReport(options: {
  workspace: string;
  store: string;
  query: string;
  search: MemoryIndexSearch;
}): MemoryCommandReport {
  const { search } = options;
  const { indexed, skipped, deleted, fullReindex, reindexReason } = search.sync;
  return {
    workspace: options.workspace,
    store: options.store,
    mode: search.mode,
    provider: search.provider,
    model: search.model,
    fallback: search.fallback,
    sync: { indexed, skipped, deleted, fullReindex, ...(reindexReason === undefined ? {} : { reindexReason }) },
    query: options.query,
    results: search.hits.map((hit, index) => ({
      rank: index + 1,
      path: hit.path,
      startLine: hit.startLine,
      endLine: hit.endLine,
      citation: formatCitation(hit),
      score: hit.score,
      parts: orderedParts(hit.parts),
      snippet: hit.snippet,
    })),
  };
}
