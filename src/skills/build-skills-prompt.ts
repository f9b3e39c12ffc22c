import { budgetSkills, type SkillBudgetResult, type SkillPromptLimits } from "./budget-skills.js";
import { compactSkillPaths } from "./compact-skill-paths.js";
import { type CatalogSkill, formatSkillsPrompt } from "./format-skills-prompt.js";

/** The truncation marker of spec/skills.md §9.3 (75 chars for single-digit counts). */
export function formatSkillsTruncationNote(included: number, total: number): string {
  return `⚠️ Skills truncated: included ${included} of ${total}. Run \`openclaw skills check\` to audit.`;
}

export interface BuildSkillsPromptOptions<T extends CatalogSkill> {
  /** Eligible, filtered, not hidden skills in merged order, with absolute paths. */
  visible: readonly T[];
  limits: SkillPromptLimits;
  /** Home directory for path compaction (§10); empty → none. */
  homeDir: string;
  /** Remote-node note put first (trimmed); blank → none. */
  remoteNote?: string;
}

export interface SkillsPromptResult<T> extends SkillBudgetResult<T> {
  /** The skills prompt string (§9.3): note(s) and catalog joined with `\n`; `""` when empty. */
  prompt: string;
}

/**
 * Budgets the visible skills and assembles the skills prompt string of spec/skills.md §9.3: the
 * trimmed remote note, the truncation note when truncated, then the catalog of the chosen skills
 * with compacted paths; empty parts dropped, joined with `\n`. The notes are outside the budget,
 * so the string may exceed `maxSkillsPromptChars`. Pure.
 */
export function buildSkillsPrompt<T extends CatalogSkill>(options: BuildSkillsPromptOptions<T>): SkillsPromptResult<T> {
  const budget = budgetSkills(options.visible, options.limits);
  const parts = [
    options.remoteNote?.trim() ?? "",
    budget.truncated ? formatSkillsTruncationNote(budget.chosen.length, options.visible.length) : "",
    formatSkillsPrompt(compactSkillPaths(budget.chosen, options.homeDir)),
  ];
  return { ...budget, prompt: parts.filter((part) => part !== "").join("\n") };
}
