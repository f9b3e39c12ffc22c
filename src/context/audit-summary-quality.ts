import type { Message } from "../domain/index.js";
import type { CompactionSettings } from "./compaction-settings.js";
import { checkLatestAskReflected, extractAuditIdentifiers } from "./extract-audit-identifiers.js";
import { serializeConversation } from "./serialize-conversation.js";
import { SAFEGUARD_SUMMARY_HEADINGS } from "./summary-instructions.js";

/** Summarised messages whose identifiers the strict audit requires (context.md §5.7). */
export const AUDITED_MESSAGE_COUNT = 10;
/** Missing identifiers named in the audit reason. */
const NAMED_MISSING_IDENTIFIERS = 3;
const PURE_HEX = /^[A-Fa-f0-9]+$/;

/** The verdict of {@link auditSummaryQuality}: `ok` when `reasons` is empty. */
export interface SummaryQualityAudit {
  ok: boolean;
  /** `missing_section:<heading>`…, `missing_identifiers:<a,b,c>`, `latest_user_ask_not_reflected`, in that order. */
  reasons: string[];
}

/** The text of the newest user message that is not a heartbeat poll, if any. */
export function findLatestUserAsk(messages: readonly Message[]): string | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as Message;
    if (message.role === "user" && message.kind !== "heartbeat") return message.content;
  }
  return undefined;
}

function containsIdentifier(summary: string, identifier: string): boolean {
  if (PURE_HEX.test(identifier)) return summary.toUpperCase().includes(identifier.toUpperCase());
  return summary.includes(identifier);
}

/**
 * The quality-guard audit of one summary (context.md §5.7), reasons in order:
 * `missing_section:<heading>` for each of `headings` (default: the five safeguard headings) that
 * is not an exact trimmed line; under the `strict` policy, `missing_identifiers:<first 3>` for
 * identifiers ({@link extractAuditIdentifiers}) of the last 10 `summarizedMessages` absent from
 * the summary (pure hex compared case-insensitively); `latest_user_ask_not_reflected` when the
 * newest non-heartbeat user message among them fails `checkLatestAskReflected`. Pure.
 */
export function auditSummaryQuality(options: {
  summary: string;
  /** The messages the summary was written from, oldest first. */
  summarizedMessages: readonly Message[];
  identifierPolicy: CompactionSettings["identifierPolicy"];
  headings?: readonly string[];
}): SummaryQualityAudit {
  const { summary } = options;
  const reasons: string[] = [];
  const lines = new Set(summary.split("\n").map((line) => line.trim()));
  for (const heading of options.headings ?? SAFEGUARD_SUMMARY_HEADINGS) {
    if (!lines.has(heading)) reasons.push(`missing_section:${heading}`);
  }
  if (options.identifierPolicy === "strict") {
    const recent = serializeConversation(options.summarizedMessages.slice(-AUDITED_MESSAGE_COUNT));
    const missing = extractAuditIdentifiers(recent).filter((identifier) => !containsIdentifier(summary, identifier));
    if (missing.length > 0)
      reasons.push(`missing_identifiers:${missing.slice(0, NAMED_MISSING_IDENTIFIERS).join(",")}`);
  }
  const latestAsk = findLatestUserAsk(options.summarizedMessages);
  if (latestAsk !== undefined && !checkLatestAskReflected({ latestAsk, summary })) {
    reasons.push("latest_user_ask_not_reflected");
  }
  return { ok: reasons.length === 0, reasons };
}
