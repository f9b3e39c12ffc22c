import { errorMessage } from "../domain/errors.js";
import type { MemorySource } from "./memory-candidates.js";
import type { MemoryHitLocation, MemorySearchHit } from "./search-memory.js";
import { sessionKeyTraits } from "./session-key-traits.js";

/** `memory.citations` (memory.md §2, §7.1). */
export type CitationsMode = "auto" | "on" | "off";

/** Why search fell back to FTS-only, e.g. `{ from: "openai", reason: "no API key" }`. */
export interface MemorySearchFallback {
  from: string;
  reason: string;
}

/** One entry of a `memory_search` result. */
export interface MemorySearchToolEntry {
  path: string;
  startLine: number;
  endLine: number;
  score: number;
  snippet: string;
  source: MemorySource;
  citation?: string;
}

/** The JSON of a successful `memory_search` call (memory.md §7.1). */
export interface MemorySearchToolResult {
  results: MemorySearchToolEntry[];
  provider: string;
  model: string;
  /** `null` when the configured provider is in use. */
  fallback: MemorySearchFallback | null;
  citations: CitationsMode;
  mode: "hybrid" | "fts-only";
}

/** The JSON of a `memory_search` call that could not search. */
export interface MemoryUnavailableResult {
  results: [];
  disabled: true;
  unavailable: true;
  error: string;
  warning: string;
  action: string;
}

/** `on` ⇒ true, `off` ⇒ false, `auto` ⇒ only for direct chats (no `group`/`channel` segment; no key counts as direct). */
export function shouldIncludeCitations(options: { citations: CitationsMode; sessionKey: string | undefined }): boolean {
  if (options.citations === "auto") return sessionKeyTraits(options.sessionKey).chatType === "direct";
  return options.citations === "on";
}

/** `path#L<start>` when the chunk is one line, else `path#L<start>-L<end>`. */
export function formatCitation(location: MemoryHitLocation): string {
  const { path, startLine, endLine } = location;
  return startLine === endLine ? `${path}#L${startLine}` : `${path}#L${startLine}-L${endLine}`;
}

export interface FormatMemorySearchOptions {
  hits: readonly MemorySearchHit[];
  provider: string;
  model: string;
  fallback: MemorySearchFallback | null;
  citations: CitationsMode;
  /** The calling session's key; decides `auto` citations. */
  sessionKey: string | undefined;
  mode: "hybrid" | "fts-only";
}

/**
 * The `memory_search` result (memory.md §7.1). With citations each entry gets `citation` and its
 * snippet becomes `<snippet trimmed>\n\nSource: <citation>`; score parts are left out. Pure.
 */
export function formatMemorySearchResult(options: FormatMemorySearchOptions): MemorySearchToolResult {
  const cite = shouldIncludeCitations(options);
  const results = options.hits.map((hit): MemorySearchToolEntry => {
    const { path, startLine, endLine, score, snippet, source } = hit;
    const entry: MemorySearchToolEntry = { path, startLine, endLine, score, snippet, source };
    if (!cite) return entry;
    const citation = formatCitation(hit);
    return { ...entry, snippet: `${snippet.trim()}\n\nSource: ${citation}`, citation };
  });
  const { provider, model, fallback, citations, mode } = options;
  return { results, provider, model, fallback, citations, mode };
}

const QUOTA_ERROR = /insufficient_quota|quota|429/i;

/**
 * The `memory_search` result when there is no index, the provider failed or search threw
 * (memory.md §7.1): quota-like errors (`insufficient_quota`, `quota`, `429`) get the quota
 * warning and action, others the provider-error ones. Pure; never throws.
 */
export function formatMemoryUnavailableResult(error: unknown): MemoryUnavailableResult {
  const message = errorMessage(error);
  const quota = QUOTA_ERROR.test(message);
  return {
    results: [],
    disabled: true,
    unavailable: true,
    error: message,
    warning: quota
      ? "Memory search is unavailable: the embedding provider quota is exhausted."
      : "Memory search is unavailable because of an embedding/provider error.",
    action: quota
      ? "Top up the embedding provider account or switch memorySearch.provider, then retry."
      : "Check the memorySearch provider configuration (provider, model, remote settings, API key) and retry.",
  };
}
