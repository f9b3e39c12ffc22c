import type { MemorySearchConfig } from "../config/resolve-agent-config.js";
import { applyMmr } from "./apply-mmr.js";
import { gatherMemoryCandidates } from "./gather-memory-candidates.js";
import type { KeywordRow, MemorySource, VectorRow } from "./memory-candidates.js";
import { normaliseHybridWeights } from "./merge-hybrid-results.js";
import { orderMemoryResults } from "./order-memory-results.js";
import { selectMemoryResults } from "./select-memory-results.js";
import { ageInDays, decayMultiplier, memoryTimestamp } from "./temporal-decay.js";

/** `memorySearch.query` as resolved from configuration (memory.md §2). */
export type MemoryQuerySettings = MemorySearchConfig["query"];

/** How a hit's score came about, for inspection output. Scores are 0–1. */
export interface MemoryScoreParts {
  /** Keyword score (`rankToScore`); absent when the keyword leg did not return the chunk. */
  keyword?: number;
  /** Vector score (cosine); absent when the vector leg did not return the chunk. */
  vector?: number;
  /** Score before decay: the weighted sum in hybrid mode, the leg's own score otherwise. */
  merged: number;
  /** The decay multiplier; 1 for evergreen files, future dates and when decay is off. */
  decay: number;
  /** Age in days that `decay` was computed from; absent when nothing decayed the result. */
  ageDays?: number;
  /** 1-based position after MMR; absent when MMR did not run. */
  mmrRank?: number;
}

/** One memory search result (memory.md §6, §7.1). */
export interface MemorySearchHit {
  path: string;
  startLine: number;
  endLine: number;
  /** `parts.merged × parts.decay`. */
  score: number;
  /** At most 700 UTF-16 units of the chunk text. */
  snippet: string;
  source: MemorySource;
  parts: MemoryScoreParts;
}

/** Lines of a chunk, as the `exclude` filter sees them. */
export interface MemoryHitLocation {
  path: string;
  startLine: number;
  endLine: number;
}

export interface SearchMemoryOptions {
  query: string;
  settings: MemoryQuerySettings;
  /** Current time, ms since the epoch. */
  now: number;
  /** `fts-only` when there is no embedder (memory.md §6.5). */
  mode: "hybrid" | "fts-only";
  /** Runs an FTS5 MATCH (`buildFtsQuery` output) returning ≤ `limit` rows; absent = FTS5 unavailable. */
  keywordLeg?(ftsQuery: string, limit: number): Promise<KeywordRow[]>;
  /** Embeds the query and returns ≤ `limit` nearest chunks; absent = no vectors. Not called in `fts-only` mode. */
  vectorLeg?(query: string, limit: number): Promise<VectorRow[]>;
  /** File mtime in ms, `undefined` when stat fails; called at most once per distinct path, and only for a path whose timestamp is its mtime (not a dated or evergreen note). Absent = no stat. */
  mtimeOf?(path: string): number | undefined;
  /** Overrides `settings.maxResults` (floored, minimum 1). */
  maxResults?: number;
  /** Overrides `settings.minScore` (clamped to [0, 1]). */
  minScore?: number;
  /** Drops matching chunks before ordering and selection (passive recall drops lines already in the prompt). */
  exclude?(location: MemoryHitLocation): boolean;
}

/** `min(200, max(1, floor(maxResults × candidateMultiplier)))`: rows asked of each leg (memory.md §6). */
export function memoryCandidateLimit(maxResults: number, candidateMultiplier: number): number {
  return Math.min(200, Math.max(1, Math.floor(maxResults * candidateMultiplier)));
}

interface RankedResult extends MemorySearchHit {
  keywordScore?: number;
  timestampMs?: number;
}

/**
 * Memory search over injected legs (memory.md §6): blank query ⇒ `[]`; candidates per leg from
 * {@link memoryCandidateLimit}; hybrid merge (or vector-only when hybrid is off or FTS5 is
 * unavailable, or the §6.5 keyword loop in `fts-only` mode); temporal decay in every mode;
 * §6.7 order; MMR in hybrid mode when enabled; §6.8 selection. Pure apart from the injected
 * legs, which are awaited in full; rejects only when a leg rejects.
 */
export async function searchMemory(options: SearchMemoryOptions): Promise<MemorySearchHit[]> {
  if (options.query.trim() === "") return [];
  const { settings } = options;
  const maxResults = Math.max(1, Math.floor(options.maxResults ?? settings.maxResults));
  const minScore = Math.min(1, Math.max(0, options.minScore ?? settings.minScore));
  const weights = normaliseHybridWeights(settings.hybrid);
  const gathered = await gatherMemoryCandidates({
    ...options,
    weights,
    hybridEnabled: settings.hybrid.enabled,
    limit: memoryCandidateLimit(maxResults, settings.hybrid.candidateMultiplier),
  });
  const mtimes = new Map<string, number | undefined>();
  const mtimeOf = (path: string): number | undefined => {
    if (!mtimes.has(path)) mtimes.set(path, options.mtimeOf?.(path));
    return mtimes.get(path);
  };
  const decayed = gathered.results
    .filter((result) => !options.exclude?.(result))
    .map((result): RankedResult => {
      const timestampMs = memoryTimestamp({ path: result.path, mtimeOf: () => mtimeOf(result.path) });
      const decay = settings.hybrid.temporalDecay;
      const ageDays = decay.enabled && timestampMs !== undefined ? ageInDays(options.now, timestampMs) : undefined;
      const multiplier = ageDays === undefined ? 1 : decayMultiplier({ ageDays, halfLifeDays: decay.halfLifeDays });
      const parts: MemoryScoreParts = { merged: result.score, decay: multiplier };
      if (result.keywordScore !== undefined) parts.keyword = result.keywordScore;
      if (result.vectorScore !== undefined) parts.vector = result.vectorScore;
      if (ageDays !== undefined) parts.ageDays = ageDays;
      const { id: _id, vectorScore: _vector, ...hit } = result;
      return { ...hit, score: result.score * multiplier, parts, timestampMs };
    });
  const ordered = orderMemoryResults(decayed);
  const mmr = settings.hybrid.mmr;
  const reordered =
    gathered.selection === "hybrid" && mmr.enabled ? withMmrRanks(applyMmr(ordered, mmr.lambda)) : ordered;
  const selected = selectMemoryResults({
    results: reordered,
    mode: gathered.selection,
    minScore,
    maxResults,
    textWeight: weights.textWeight,
  });
  return selected.map(({ keywordScore: _keyword, timestampMs: _time, ...hit }) => hit);
}

function withMmrRanks(results: RankedResult[]): RankedResult[] {
  return results.map((result, index) => ({ ...result, parts: { ...result.parts, mmrRank: index + 1 } }));
}
