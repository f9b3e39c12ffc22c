import { escapeXml } from "./escape-xml.js";
import type { Skill } from "./skill-types.js";

/** What the catalog renders of a skill; `filePath` becomes `<location>` as given (compact it first). */
export type CatalogSkill = Pick<Skill, "name" | "description" | "filePath">;

/**
 * The three preamble sentences (P1–P3 of spec/skills.md §11). Our own wording; together they are
 * exactly 324 chars, so rendered lengths match the §9.2 model and classic budget decisions.
 */
export const SKILLS_PREAMBLE_LINES: readonly [string, string, string] = [
  "The skills listed below hold specialised instructions, each written for one kind of task.",
  "When a task matches a skill's description, load that skill's file with the read tool first.",
  "Relative paths in a skill file resolve against the skill directory (the folder holding SKILL.md); tool commands must then use the absolute path.",
];

function formatSkillBlock(skill: CatalogSkill): string[] {
  return [
    "  <skill>",
    `    <name>${escapeXml(skill.name)}</name>`,
    `    <description>${escapeXml(skill.description)}</description>`,
    `    <location>${escapeXml(skill.filePath)}</location>`,
    "  </skill>",
  ];
}

/** The catalog frame with one block per skill, rendered even for zero skills (for `overheadChars`). */
export function formatSkillsCatalog(skills: readonly CatalogSkill[]): string {
  const [first, second, third] = SKILLS_PREAMBLE_LINES;
  return [
    `\n\n${first}`,
    second,
    third,
    "",
    "<available_skills>",
    ...skills.flatMap(formatSkillBlock),
    "</available_skills>",
  ].join("\n");
}

/**
 * The `<available_skills>` catalog of spec/skills.md §11: `""` for no skills, else two leading
 * newlines, the preamble, an empty line and one escaped block per skill in the given order, with
 * no trailing newline. Pure; paths are rendered as given.
 */
export function formatSkillsPrompt(skills: readonly CatalogSkill[]): string {
  return skills.length === 0 ? "" : formatSkillsCatalog(skills);
}

/** Chars of the catalog frame with no `<skill>` block (spec/skills.md §9.2): 368. */
export const SKILLS_CATALOG_OVERHEAD_CHARS = formatSkillsCatalog([]).length;

/** Chars one `<skill>` block adds besides its escaped name, description and location: 97. */
export const SKILL_BLOCK_FIXED_CHARS =
  formatSkillsCatalog([{ name: "", description: "", filePath: "" }]).length - SKILLS_CATALOG_OVERHEAD_CHARS;
