import { sep } from "node:path";
import Table from "cli-table3";
import { escapeInvisible } from "../domain/index.js";
import { describeMissingRequirements, type ExplainedExclusion } from "./explain-excluded-skills.js";
import { formatSkillsReportLegend, formatSkillsTableLegend } from "./format-skills-report-legend.js";
import type { SkillMergeOverride } from "./merge-skills.js";
import type { DropReason, SkillsReport } from "./skill-types.js";

export interface FormatSkillsReportTableOptions {
  /** `skills.limits.maxSkillsPromptChars` the prompt was built with; shown beside its size. */
  maxSkillsPromptChars?: number;
  /** From `findSkillMergeOverrides`; without it, overridden skills are named by their shadowed paths. */
  overrides?: readonly SkillMergeOverride[];
  /** From `explainExcludedSkills`: adds a line per ineligible skill naming what it lacks. */
  excluded?: readonly ExplainedExclusion[];
  /** This machine's platform, named when a skill runs only elsewhere (default `""`). */
  platform?: string;
}

/** `reason ×count` per distinct reason, in first-seen order. */
function countReasons(reasons: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return counts.size === 0 ? "—" : [...counts].map(([reason, count]) => `${reason} ×${count}`).join(", ");
}

const listOrNone = (items: readonly string[]) => (items.length === 0 ? "none" : items.join(", "));

function droppedBy(report: SkillsReport, reason: DropReason): string[] {
  return report.dropped.filter((drop) => drop.reason === reason).map((drop) => drop.name);
}

function overriddenLine(report: SkillsReport, overrides: readonly SkillMergeOverride[] | undefined): string {
  if (overrides !== undefined) {
    return listOrNone(overrides.map((o) => `${o.name} (${o.source} → ${o.winnerSource})`));
  }
  const shadowed = report.sources.flatMap(({ source, skipped }) =>
    skipped.filter((skip) => skip.reason === "shadowed").map((skip) => `${skip.path} (${source})`),
  );
  return listOrNone(shadowed);
}

/** `  <name>: <what is missing>` for each excluded skill that lacks something. */
function missingLines(excluded: readonly ExplainedExclusion[], platform: string): string[] {
  return excluded.flatMap(({ name, missing }) => {
    const text = describeMissingRequirements(missing, platform);
    return text === "" ? [] : [`  ${escapeInvisible(name)}: ${text}`];
  });
}

/**
 * The readable funnel of `claw-eval skills <ws>`: one table row per source (loaded, merge winners,
 * skips by reason), then overridden, ineligible and dropped skills, the funnel counts and the
 * prompt size against the budget, each followed by what its terms mean. Pure; no colour.
 */
export function formatSkillsReportTable(report: SkillsReport, options: FormatSkillsReportTableOptions = {}): string {
  const table = new Table({
    head: ["source", "root", "loaded", "won", "skipped"],
    style: { head: [], border: [] },
    colAligns: ["left", "left", "right", "right", "left"],
  });
  for (const { source, root, loaded, skipped } of report.sources) {
    const prefix = root.endsWith(sep) ? root : `${root}${sep}`;
    const won = report.discovered.filter((skill) => skill.source === source && skill.path.startsWith(prefix)).length;
    table.push([source, root, String(loaded), String(won), countReasons(skipped.map((skip) => skip.reason))]);
  }
  const countDrops = droppedBy(report, "count-limit");
  const charDrops = droppedBy(report, "char-budget");
  const visible = report.included.length + countDrops.length + charDrops.length;
  const budget = options.maxSkillsPromptChars === undefined ? "" : `budget ${options.maxSkillsPromptChars}, `;
  return [
    table.toString(),
    formatSkillsTableLegend(),
    `Overridden: ${overriddenLine(report, options.overrides)}`,
    `Ineligible: ${listOrNone(report.excluded.map((skill) => `${skill.name} (${skill.reason})`))}`,
    ...missingLines(options.excluded ?? [], options.platform ?? ""),
    `Dropped by visibility: ${listOrNone(droppedBy(report, "disable-model-invocation"))}`,
    `Dropped by count limit: ${listOrNone(countDrops)}`,
    `Dropped by char budget: ${listOrNone(charDrops)}`,
    `Funnel: discovered ${report.discovered.length} → eligible ${report.eligible.length} → visible ${visible} → included ${report.included.length}${report.truncated ? " (truncated)" : ""}`,
    `Prompt: ${report.promptChars} chars (${budget}catalog overhead ${report.overheadChars})`,
    "",
    formatSkillsReportLegend(report),
  ].join("\n");
}
