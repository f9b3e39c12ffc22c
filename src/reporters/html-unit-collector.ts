import type { UnitResult } from "../domain/index.js";
import { embedJson } from "./html-embed-json.js";
import { createHtmlPromptTable, type HtmlPromptTable } from "./html-prompt-table.js";
import { addSkillsSnapshots, createSkillsFunnelTally, type SkillsFunnelTally } from "./html-skills-funnel.js";
import { buildHtmlUnitDetail, buildHtmlUnitRow, type HtmlUnitRow } from "./html-unit-record.js";

/** What `index.html` keeps of a run's units besides their detail lines. */
export interface HtmlUnitData {
  /** One row per unit in run order, `flaky` still `false`: flakiness needs every unit. */
  readonly rows: readonly HtmlUnitRow[];
  readonly prompts: HtmlPromptTable;
  readonly skills: SkillsFunnelTally;
}

export interface HtmlUnitCollector extends HtmlUnitData {
  /**
   * Takes the next unit in run order and returns its detail line for the `unit-details`
   * element (a newline first, except for the first unit). The unit itself is not kept.
   */
  add(unit: UnitResult): string;
}

/**
 * Collects what the HTML report needs of each unit as units arrive, so a run can keep only the
 * small rows in memory and write the detail lines out as it goes (see the results spool),
 * instead of reading every unit back for the report. The same units in the same order give the
 * same rows, prompts, tally and lines as rendering them at the end. Pure apart from its state.
 */
export function createHtmlUnitCollector(): HtmlUnitCollector {
  const rows: HtmlUnitRow[] = [];
  const prompts = createHtmlPromptTable();
  const skills = createSkillsFunnelTally();
  return {
    rows,
    prompts,
    skills,
    add(unit) {
      rows.push(buildHtmlUnitRow(unit, false));
      addSkillsSnapshots(skills, unit);
      return `${rows.length === 1 ? "" : "\n"}${embedJson(buildHtmlUnitDetail(unit, prompts))}`;
    },
  };
}
