import type {
  AgentEvent,
  AgentEventOf,
  CompactionAudit,
  CompactionTrigger,
  ExpectationOf,
  ExpectationResult,
} from "../domain/index.js";
import { buildExpectationResult } from "./build-expectation-result.js";
import {
  describeCompactionEnds,
  describeCompactionExpected,
  describeLostIdentifiers,
  failedStructureChecks,
  formatRatio,
} from "./describe-compactions.js";
import type { ExpectationContext } from "./expectation-context.js";
import { MAX_VALUE_CHARS, truncateText } from "./format-value.js";

type Expectation = ExpectationOf<"compaction">;
type CompactionEnd = AgentEventOf<"compaction_end">;

interface Written {
  label: string;
  end: CompactionEnd;
  audit: CompactionAudit | undefined;
}

function hasMeasures(expectation: Expectation): boolean {
  const { identifiersPreserved, tokensAfterMax, reduction, structure } = expectation;
  return [identifiersPreserved, tokensAfterMax, reduction, structure].some((value) => value !== undefined);
}

function measureProblems(expectation: Expectation, { label, end, audit }: Written): string[] {
  const problems: string[] = [];
  const minimum = expectation.identifiersPreserved;
  const rate = audit?.preservationRate;
  if (minimum !== undefined && audit !== undefined && rate !== null && rate !== undefined && rate < minimum) {
    problems.push(
      `${label} kept ${audit.identifiersKept}/${audit.identifiersBefore} identifiers ` +
        `(${formatRatio(rate)} < ${formatRatio(minimum)}), lost ${describeLostIdentifiers(audit.lost)}`,
    );
  }
  const tokensAfter = end.tokensAfter ?? audit?.tokensAfter;
  if (expectation.tokensAfterMax !== undefined) {
    if (tokensAfter === undefined) problems.push(`${label} reported no tokens after`);
    else if (tokensAfter > expectation.tokensAfterMax) {
      problems.push(`${label} left ${tokensAfter} tokens (> ${expectation.tokensAfterMax})`);
    }
  }
  if (expectation.reduction !== undefined && audit !== undefined) {
    const { min, max } = expectation.reduction;
    const ratio = audit.reductionRatio;
    if (ratio === null) problems.push(`${label} has no reduction ratio (0 tokens before)`);
    else if (min !== undefined && ratio < min) problems.push(`${label} reduced by ${formatRatio(ratio)} (< ${min})`);
    else if (max !== undefined && ratio > max) problems.push(`${label} reduced by ${formatRatio(ratio)} (> ${max})`);
  }
  if (expectation.structure === true && audit !== undefined) {
    const failed = failedStructureChecks(audit);
    if (failed.length > 0) problems.push(`${label} failed structural checks: ${failed.join(", ")}`);
  }
  return problems;
}

function writtenProblems(options: {
  expectation: Expectation;
  written: readonly Written[];
  audited: number;
  ends: readonly CompactionEnd[];
}): string[] {
  const { expectation, written, audited, ends } = options;
  if (written.length === 0) {
    return [ends.length === 0 ? "no compaction ran" : `no compaction was written (${describeCompactionEnds(ends)})`];
  }
  if (hasMeasures(expectation) && audited < written.length) {
    return [`${compactions(written.length)} written, ${audited} audited (compaction_audit events)`];
  }
  const problems = written.flatMap((entry) => measureProblems(expectation, entry));
  if (expectation.structure === false) {
    const anyFailed = written.some(({ audit }) => audit !== undefined && failedStructureChecks(audit).length > 0);
    if (!anyFailed) problems.push("every structural check passed");
  }
  return problems;
}

function compactions(count: number): string {
  return `${count} compaction${count === 1 ? "" : "s"}`;
}

function isEnd(event: AgentEvent): event is CompactionEnd {
  return event.type === "compaction_end";
}

function isAudit(event: AgentEvent): event is AgentEventOf<"compaction_audit"> {
  return event.type === "compaction_audit";
}

/**
 * `compaction`: the turn's `compaction_end` events (context.md §5.6), narrowed to `trigger` when
 * given. `triggered: false` passes when none was written (`ok` and `compacted`); `true` needs
 * one, and every written one must meet each measure asked for, read from its
 * `compaction_audit` (paired in order; §8.1–§8.3): identifier preservation at least
 * `identifiersPreserved` (n/a passes), tokens after at most `tokensAfterMax`, reduction within
 * `reduction`, and every structural check passing (`structure: true`) or one failing (`false`).
 */
export function checkCompaction(expectation: Expectation, context: ExpectationContext): ExpectationResult {
  const events = context.result.events;
  const counts = (trigger: CompactionTrigger) => expectation.trigger === undefined || trigger === expectation.trigger;
  const ends = events.filter(isEnd);
  const audits = events.filter(isAudit).filter((audit) => counts(audit.trigger));
  const matching = ends.filter((end) => counts(end.trigger) && end.ok && end.compacted);
  const written = matching.map(
    (end, index): Written => ({
      label: matching.length === 1 ? "the compaction" : `compaction ${index + 1}`,
      end,
      audit: audits[index],
    }),
  );
  const problems = expectation.triggered
    ? writtenProblems({ expectation, written, audited: audits.length, ends })
    : written.length > 0
      ? [`${compactions(written.length)} written`]
      : [];
  const pass = problems.length === 0;
  const expected = describeCompactionExpected(expectation);
  const outcome = describeCompactionEnds(ends);
  const actual = truncateText([outcome, ...problems].join("\n"), MAX_VALUE_CHARS);
  const message = pass ? `compaction: ${outcome}` : `expected ${expected}, but ${problems.join("; ")}`;
  return buildExpectationResult(expectation, { pass, message, expected, actual });
}
