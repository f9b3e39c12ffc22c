import type { CompactionFileDetails, Message } from "../domain/index.js";
import { NO_PRIOR_HISTORY } from "./chunk-messages.js";
import { extractWorkspaceCriticalRules } from "./extract-workspace-critical-rules.js";
import { formatFileOperations } from "./format-file-operations.js";
import { formatToolFailures } from "./format-tool-failures.js";
import { formatPreservedTurns } from "./preserve-recent-turns.js";
import { SAFEGUARD_SUMMARY_HEADINGS } from "./summary-instructions.js";

/** Chars of a whole compaction summary (context.md §5.9). */
export const MAX_COMPACTION_SUMMARY_CHARS = 16_000;
/** Ends a body cut to fit beside its suffix; 46 chars. */
export const SUMMARY_TRUNCATION_MARKER = "\n\n[Compaction summary truncated to fit budget]";

/**
 * `body + suffix` within 16 000 chars, the suffix kept whole (context.md §5.9): a suffix of
 * 16 000 chars or more is cut to its last 16 000 and the body dropped; otherwise a body longer
 * than `16000 − suffix.length` is cut to leave room for {@link SUMMARY_TRUNCATION_MARKER}. Pure.
 */
export function capPreservingSuffix(body: string, suffix: string): string {
  if (suffix.length >= MAX_COMPACTION_SUMMARY_CHARS) return suffix.slice(-MAX_COMPACTION_SUMMARY_CHARS);
  const cap = MAX_COMPACTION_SUMMARY_CHARS - suffix.length;
  if (body.length <= cap) return body + suffix;
  const kept = body.slice(0, Math.max(0, cap - SUMMARY_TRUNCATION_MARKER.length));
  return `${kept}${SUMMARY_TRUNCATION_MARKER}`.slice(0, cap) + suffix;
}

/** Whether `summary` has every safeguard heading as an exact trimmed line. */
export function hasSafeguardHeadings(summary: string): boolean {
  const lines = new Set(summary.split("\n").map((line) => line.trim()));
  return SAFEGUARD_SUMMARY_HEADINGS.every((heading) => lines.has(heading));
}

/**
 * The history body used when nothing is left to summarise but a turn prefix or preserved turns
 * exist (context.md §5.8); no summariser call. A previous summary with all five headings is
 * reused as is; otherwise it (or `"No prior history."`) goes under `## Decisions` and the other
 * headings say there is nothing.
 */
export function buildStructuredFallbackSummary(options: { previousSummary?: string }): string {
  const previous = options.previousSummary;
  if (previous !== undefined && hasSafeguardHeadings(previous)) return previous;
  return [
    `## Decisions\n${previous ?? NO_PRIOR_HISTORY}`,
    "## Open TODOs\nNone.",
    "## Constraints/Rules\nNone.",
    "## Pending user asks\nNone.",
    "## Exact identifiers\nNone captured.",
  ].join("\n\n");
}

/** Title of the split-turn section (context.md §5.5). */
export const SPLIT_TURN_TITLE = "**Turn Context (split turn):**";

export interface AssembleCompactionSummaryOptions {
  /** The summary of the history (or the structured fallback). */
  historySummary: string;
  /** The summary of a split turn's prefix (context.md §5.5), when the turn was split. */
  turnPrefixSummary?: string;
  /** Preserved recent turns (context.md §5.4). */
  preserved?: readonly Message[];
  /** The messages the compaction removes (summarised + turn prefix), for the tool-failures section. */
  compactedMessages?: readonly Message[];
  fileOperations: CompactionFileDetails;
  /** The workspace AGENTS.md text, when the workspace has one. */
  workspaceRules?: string;
  /** `"default"` keeps only the split-turn and file-ops sections (context.md §5.8). Default `"safeguard"`. */
  mode?: "safeguard" | "default";
}

/**
 * The final compaction summary (context.md §5.9): the history summary, then a suffix of the
 * split-turn section (joined with `\n\n---\n\n`; alone when the history summary is empty),
 * preserved turns, tool failures, file operations and workspace critical rules, each starting
 * with `\n\n`, capped by {@link capPreservingSuffix}. Pure.
 */
export function assembleCompactionSummary(options: AssembleCompactionSummaryOptions): string {
  const body = options.historySummary;
  const safeguard = (options.mode ?? "safeguard") === "safeguard";
  let suffix = "";
  if (options.turnPrefixSummary !== undefined) {
    const section = `${SPLIT_TURN_TITLE}\n\n${options.turnPrefixSummary}`;
    suffix += body === "" ? section : `\n\n---\n\n${section}`;
  }
  const sections = [
    safeguard ? formatPreservedTurns(options.preserved ?? []).replace(/^\n\n/, "") : "",
    safeguard ? formatToolFailures(options.compactedMessages ?? []) : "",
    formatFileOperations(options.fileOperations),
    safeguard ? extractWorkspaceCriticalRules(options.workspaceRules) : "",
  ];
  for (const section of sections) if (section !== "") suffix += `\n\n${section}`;
  return capPreservingSuffix(body, suffix);
}
