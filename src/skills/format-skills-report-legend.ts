import { DROP_REASON_TEXT, EXCLUSION_REASON_TEXT, SKILL_CODE_TEXT } from "./skill-report-terms.js";
import type { SkillsReport } from "./skill-types.js";

/** `  term  text` lines with the terms padded to one width. */
function termLines(terms: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...terms.map(([term]) => term.length));
  return terms.map(([term, text]) => `  ${term.padEnd(width)}  ${text}`);
}

/** The distinct values of `codes` in first-seen order, each with its text. */
function present<Code extends string>(codes: readonly Code[], text: Readonly<Record<Code, string>>) {
  return [...new Set(codes)].map((code) => [code, text[code]] as const);
}

/** What the columns of the per-source table mean; printed under the table. */
export function formatSkillsTableLegend(): string {
  return termLines([
    ["source", "where skills come from, lowest precedence first: for one name, a later source wins"],
    ["root", "the folder read for that source"],
    ["loaded", "skills read from the root, after skills.limits.maxSkillsLoadedPerSource"],
    ["won", "loaded skills that kept their name: not replaced by a later skill of the same name"],
    ["skipped", "files and folders not loaded (or loaded and then replaced), counted by reason"],
  ]).join("\n");
}

/**
 * What the lines under the table mean, with a sentence per skip, exclusion and drop reason
 * that occurs in `report`. Pure.
 */
export function formatSkillsReportLegend(report: SkillsReport): string {
  const skips = present(
    report.sources.flatMap((source) => source.skipped.map((skip) => skip.reason)),
    SKILL_CODE_TEXT,
  );
  const exclusions = present(
    report.excluded.map((skill) => skill.reason),
    EXCLUSION_REASON_TEXT,
  );
  return [
    "What the lines mean:",
    ...termLines([
      [
        "Overridden",
        "name (source of the replaced copy → source of the copy that won); the replaced copy is skipped as shadowed",
      ],
      ["Ineligible", "skills this machine or config rules out, with the reason and what is missing"],
      ["Dropped by visibility", DROP_REASON_TEXT["disable-model-invocation"]],
      ["Dropped by count limit", DROP_REASON_TEXT["count-limit"]],
      ["Dropped by char budget", DROP_REASON_TEXT["char-budget"]],
      [
        "Funnel",
        "discovered (distinct names) → eligible (passed eligibility and the skill filter) → visible (not hidden) → included (in the prompt)",
      ],
      [
        "Prompt",
        "the skills catalog's length in characters; budget = skills.limits.maxSkillsPromptChars; overhead = the catalog frame with no skills",
      ],
    ]),
    ...(skips.length === 0 ? [] : ["Skip reasons:", ...termLines(skips)]),
    ...(exclusions.length === 0 ? [] : ["Ineligibility reasons:", ...termLines(exclusions)]),
  ].join("\n");
}
