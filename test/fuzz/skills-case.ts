import type { FuzzCase, FuzzFile } from "./fuzz-types.js";

/** Where the skill classes write: a workspace with the fuzzed skill under `skills/fuzzed/`. */
export const WORKSPACE = "suite/ws";
export const SKILL_DIR = `${WORKSPACE}/skills/fuzzed`;
export const SKILL_FILE = `${SKILL_DIR}/SKILL.md`;

/** A valid skill beside the fuzzed one, so every funnel has something to report. */
const SIBLING: FuzzFile = {
  path: `${WORKSPACE}/skills/steady/SKILL.md`,
  content: "---\nname: steady\ndescription: A skill that always loads.\n---\n\nBody.\n",
};

/** `claw-eval skills` (or `--json`) over the workspace holding the fuzzed skill and a steady sibling. */
export function skillsCase(options: { label: string; files: FuzzFile[]; json: boolean; blame?: string }): FuzzCase {
  return {
    label: options.label,
    files: [{ path: `${WORKSPACE}/AGENTS.md`, content: "# Agents\n" }, SIBLING, ...options.files],
    argv: ["skills", WORKSPACE, ...(options.json ? ["--json"] : [])],
    exits: [0],
    ...(options.blame === undefined ? {} : { blame: [options.blame] }),
  };
}

/** SKILL.md text around `frontmatter`, with the given line endings and an optional BOM. */
export function skillText(frontmatter: string, newline: string, bom: boolean): string {
  const text = `---\n${frontmatter}\n---\n\n# Body\n`.replaceAll("\n", newline);
  return bom ? `\uFEFF${text}` : text;
}
