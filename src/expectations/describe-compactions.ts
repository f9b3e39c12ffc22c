import type { AgentEventOf, CompactionAudit, ExpectationOf, Identifier } from "../domain/index.js";
import { MAX_MESSAGE_VALUE_CHARS, truncateText } from "./format-value.js";

type CompactionEnd = AgentEventOf<"compaction_end">;

/** A ratio as written in messages: at most 3 decimals (`0.857`, `1`). */
export function formatRatio(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** `a compaction (trigger threshold) with identifiers preserved ≥ 0.9 and tokens after ≤ 25000`. */
export function describeCompactionExpected(expectation: ExpectationOf<"compaction">): string {
  const trigger = expectation.trigger === undefined ? "" : ` (trigger ${expectation.trigger})`;
  if (!expectation.triggered) return `no compaction${trigger}`;
  const parts: string[] = [];
  if (expectation.identifiersPreserved !== undefined) {
    parts.push(`identifiers preserved ≥ ${formatRatio(expectation.identifiersPreserved)}`);
  }
  if (expectation.tokensAfterMax !== undefined) parts.push(`tokens after ≤ ${expectation.tokensAfterMax}`);
  const { min, max } = expectation.reduction ?? {};
  if (min !== undefined && max !== undefined) parts.push(`reduction ${formatRatio(min)}–${formatRatio(max)}`);
  else if (min !== undefined) parts.push(`reduction ≥ ${formatRatio(min)}`);
  else if (max !== undefined) parts.push(`reduction ≤ ${formatRatio(max)}`);
  if (expectation.structure !== undefined) {
    parts.push(expectation.structure ? "every structural check passing" : "a structural check failing");
  }
  return `a compaction${trigger}${parts.length === 0 ? "" : ` with ${parts.join(" and ")}`}`;
}

/** One compaction's outcome: `threshold: written, 180500 → 20600 tokens` or `overflow: failed (timed out)`. */
export function describeCompactionEnd(end: CompactionEnd): string {
  const reason = end.reason === undefined ? "" : ` (${truncateText(end.reason, MAX_MESSAGE_VALUE_CHARS)})`;
  if (!end.ok) return `${end.trigger}: failed${reason}`;
  if (!end.compacted) return `${end.trigger}: not compacted${reason}`;
  const after = end.tokensAfter === undefined ? "" : ` → ${end.tokensAfter}`;
  return `${end.trigger}: written, ${end.tokensBefore}${after} tokens`;
}

/** Every compaction of the turn, or `no compaction ran`. */
export function describeCompactionEnds(ends: readonly CompactionEnd[]): string {
  return ends.length === 0 ? "no compaction ran" : ends.map(describeCompactionEnd).join("; ");
}

/** Lost identifiers grouped by class, in class order of first loss: `url: "https://a"; path: "b.md", "c.md"`. */
export function describeLostIdentifiers(lost: readonly Identifier[]): string {
  const byClass = new Map<string, string[]>();
  for (const identifier of lost) {
    byClass.set(identifier.kind, [...(byClass.get(identifier.kind) ?? []), JSON.stringify(identifier.text)]);
  }
  return [...byClass].map(([kind, texts]) => `${kind}: ${texts.join(", ")}`).join("; ");
}

/** The names of the §8.3 checks an audit failed, in their declared order. */
export function failedStructureChecks(audit: CompactionAudit): string[] {
  return Object.entries(audit.structure)
    .filter(([, passed]) => !passed)
    .map(([name]) => name);
}
