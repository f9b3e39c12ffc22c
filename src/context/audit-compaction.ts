import type {
  CompactionAudit,
  CompactionStructureChecks,
  CompactionTrigger,
  Message,
  TextBlock,
} from "../domain/index.js";
import { estimateMessagesTokens, estimateTokens } from "../platform/estimate-tokens.js";
import { createSummaryMatcher, extractIdentifiers } from "../platform/extract-identifiers.js";
import { checkLatestAskReflected } from "./extract-audit-identifiers.js";
import { SAFEGUARD_SUMMARY_HEADINGS } from "./summary-instructions.js";

/** Longest compaction summary, chars (context.md §5.9). */
export const MAX_SUMMARY_CHARS = 16_000;
/** Longest file-operations section, chars (context.md §5.9). */
export const MAX_FILE_OPS_CHARS = 2_000;

/** The headings §8.3 requires per mode; the plain harness summary of `default` mode is not checked. */
const REQUIRED_HEADINGS: Record<"safeguard" | "default", readonly string[]> = {
  safeguard: SAFEGUARD_SUMMARY_HEADINGS,
  default: [],
};

/** What {@link auditCompaction} measures: one written compaction and what it replaced. */
export interface AuditCompactionOptions {
  trigger: CompactionTrigger;
  /** Every message the compaction removed: the summarised messages plus the turn prefix. */
  removed: readonly Message[];
  /** The new compaction summary, as written. */
  summary: string;
  /** The messages kept verbatim after the summary. */
  keptMessages: readonly Message[];
  /** `estimateContextTokens` of the compacted range (context.md §4.3), tokens. */
  tokensBefore: number;
  mode: "safeguard" | "default";
  /** Text of the latest user ask; absent or blank when there is none (the check then passes). */
  latestAsk?: string;
  /** Compaction wall time on the injected clock, ms. */
  durationMs: number;
  /** The compaction timeout (context.md §5.6), seconds. */
  timeoutSeconds: number;
  /** Length of the summary's file-operations section, chars. */
  fileOpsChars: number;
}

function blocksText(content: string | readonly TextBlock[]): string[] {
  return typeof content === "string" ? [content] : content.map((block) => block.text);
}

/** The §8.1 text of one message: text blocks and tool-call arguments as JSON; never `details`. */
function removedText(message: Message): string[] {
  switch (message.role) {
    case "user":
      return [message.content];
    case "assistant":
      return message.content.map((block) => (block.type === "text" ? block.text : JSON.stringify(block.input)));
    case "tool_result":
    case "custom":
      return blocksText(message.content);
    case "compaction_summary":
      return [message.summary];
  }
}

/** Whether every heading is a whole (trimmed) line of `summary`, in the given order. */
function hasHeadingsInOrder(summary: string, headings: readonly string[]): boolean {
  const lines = summary.split("\n").map((line) => line.trim());
  let from = 0;
  for (const heading of headings) {
    const at = lines.indexOf(heading, from);
    if (at === -1) return false;
    from = at + 1;
  }
  return true;
}

function checkStructure(options: AuditCompactionOptions): CompactionStructureChecks {
  const latestAsk = options.latestAsk?.trim() ?? "";
  return {
    headings: hasHeadingsInOrder(options.summary, REQUIRED_HEADINGS[options.mode]),
    summaryWithinCap: options.summary.length <= MAX_SUMMARY_CHARS,
    fileOpsWithinCap: options.fileOpsChars <= MAX_FILE_OPS_CHARS,
    latestAskReflected: latestAsk === "" || checkLatestAskReflected({ latestAsk, summary: options.summary }),
    withinTimeout: options.durationMs <= options.timeoutSeconds * 1000,
  };
}

/**
 * The harness measures of one written compaction (context.md §8.1–§8.3). Identifier preservation:
 * identifiers of the removed messages' text (text blocks and tool-call arguments, fenced code
 * included, tool-result `details` never) that the summary contains; the rate is `null` when there
 * were none. Tokens (§3): `summaryTokens = ceil(summary.length / 4)`, `keptTailTokens` = sum of
 * the kept messages' estimates, `tokensAfter` = the summary message plus the kept tail,
 * `reductionRatio = 1 − tokensAfter / tokensBefore` (`null` when `tokensBefore` is 0; negative
 * when the context grew). Structure: §8.3 checks, headings only in safeguard mode. Pure.
 */
export function auditCompaction(options: AuditCompactionOptions): CompactionAudit {
  const identifiers = extractIdentifiers(options.removed.flatMap(removedText).join("\n"));
  const contains = createSummaryMatcher(options.summary);
  const lost = identifiers.filter((identifier) => !contains(identifier));
  const identifiersKept = identifiers.length - lost.length;
  const summaryTokens = estimateTokens(options.summary);
  const keptTailTokens = estimateMessagesTokens(options.keptMessages);
  const tokensAfter = summaryTokens + keptTailTokens;
  return {
    trigger: options.trigger,
    identifiersBefore: identifiers.length,
    identifiersKept,
    lost,
    preservationRate: identifiers.length === 0 ? null : identifiersKept / identifiers.length,
    tokensBefore: options.tokensBefore,
    tokensAfter,
    summaryTokens,
    keptTailTokens,
    reductionRatio: options.tokensBefore === 0 ? null : 1 - tokensAfter / options.tokensBefore,
    structure: checkStructure(options),
    durationMs: options.durationMs,
  };
}
