/**
 * The five headings a safeguard compaction summary must have, as exact lines, in this order
 * (context.md §5.8). The summariser is asked for them, the audit checks them, and the simulated
 * summariser writes them.
 */
export const SAFEGUARD_SUMMARY_HEADINGS = [
  "## Decisions",
  "## Open TODOs",
  "## Constraints/Rules",
  "## Pending user asks",
  "## Exact identifiers",
] as const;

/** What asked for a compaction (context.md §4.2). */
export type CompactionTrigger = "threshold" | "overflow" | "manual";

/**
 * How a tool result was shortened or removed (context.md §6): the persist cap on write (§6.1),
 * the context guard's per-result truncation and oldest-first clearing (§6.2), the overflow
 * rewrite of the transcript (§6.3), and cache-TTL soft trim and hard clear (§6.4).
 */
export type PruneMechanism =
  | "persist-cap"
  | "guard-truncate"
  | "guard-clear"
  | "overflow-truncate"
  | "soft-trim"
  | "hard-clear";

export const PRUNE_MECHANISMS: readonly PruneMechanism[] = [
  "persist-cap",
  "guard-truncate",
  "guard-clear",
  "overflow-truncate",
  "soft-trim",
  "hard-clear",
];

/** The identifier classes of the harness extractor, in the order they apply (context.md §8.1). */
export type IdentifierClass = "url" | "uuid" | "hex" | "path" | "host" | "number-unit" | "long-number" | "quoted";

/** One identifier found in text: its class, the text as written, and its normalised form. */
export interface Identifier {
  kind: IdentifierClass;
  text: string;
  normalised: string;
}

/** The §8.3 structural checks of one compaction; each is pass/fail. */
export interface CompactionStructureChecks {
  /** The five safeguard headings are present as exact lines, in order (safeguard mode only). */
  headings: boolean;
  /** Summary ≤ 16 000 chars. */
  summaryWithinCap: boolean;
  /** The file-operations section ≤ 2 000 chars. */
  fileOpsWithinCap: boolean;
  /** The latest user ask is reflected in the summary (context.md §5.7 rule). */
  latestAskReflected: boolean;
  /** Compaction time (injected clock) ≤ `timeoutSeconds`. */
  withinTimeout: boolean;
}

/**
 * The harness's measures of one written compaction (context.md §8.1, §8.2, §8.3): what the
 * summary kept of the identifiers in the removed messages, and how much smaller the context got.
 */
export interface CompactionAudit {
  trigger: CompactionTrigger;
  /** Distinct identifiers (by normalised form) in the removed messages. */
  identifiersBefore: number;
  identifiersKept: number;
  /** The identifiers the summary lost, in the order found. */
  lost: Identifier[];
  /** `kept / before`; `null` when the removed messages had no identifier (reported as n/a). */
  preservationRate: number | null;
  /** Tokens (context.md §3). */
  tokensBefore: number;
  tokensAfter: number;
  summaryTokens: number;
  keptTailTokens: number;
  /** `1 − tokensAfter / tokensBefore`; `null` when `tokensBefore` is 0. */
  reductionRatio: number | null;
  structure: CompactionStructureChecks;
  /** Compaction wall time on the injected clock, ms. */
  durationMs: number;
}
