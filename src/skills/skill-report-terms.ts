import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "./read-skill-identity.js";
import type { DropReason, ExclusionReason, SkillDiagnostic } from "./skill-types.js";

/** One sentence per skip reason and warning code, as `claw-eval skills` explains them. */
export const SKILL_CODE_TEXT: Readonly<Record<SkillDiagnostic["code"], string>> = {
  "root-oversize": "the root itself is one skill whose SKILL.md is larger than skills.limits.maxSkillFileBytes",
  oversize: "SKILL.md larger than skills.limits.maxSkillFileBytes",
  "no-skill-md": "a folder without a SKILL.md",
  "beyond-source-limit": "past skills.limits.maxSkillsLoadedPerSource for this source",
  "invalid-frontmatter": "frontmatter that is not valid YAML",
  "missing-description": "no frontmatter, or frontmatter without a description",
  "invalid-description": "a description that is not a non-blank string",
  "invalid-name": "a name that is not a string",
  "broken-symlink": "a symlink whose target is missing or loops",
  shadowed: "replaced by a later skill of the same name (a later source, or later in the same one)",
  "name-mismatch": "name differs from its folder name",
  "name-format": "name is not lower-case a-z, 0-9 and single inner hyphens",
  "name-too-long": `name longer than ${MAX_NAME_LENGTH} characters`,
  "description-too-long": `description longer than ${MAX_DESCRIPTION_LENGTH} characters`,
  "symlink-outside-root": "a symlink pointing outside its skill root (not followed)",
  "suspiciously-large-root": "more child folders than skills.limits.maxCandidatesPerRoot",
  "invalid-bin": "a required program name no PATH lookup can take (counted as missing)",
};

/** What each `excluded` reason means. */
export const EXCLUSION_REASON_TEXT: Readonly<Record<ExclusionReason, string>> = {
  disabled: "skills.entries.<key>.enabled is false",
  "not-in-allowBundled": "a bundled skill not listed in skills.allowBundled",
  "os-mismatch": "the skill's os list does not include this platform",
  "missing-bins": "a program in requires.bins is not on PATH",
  "missing-any-bins": "none of the programs in requires.anyBins is on PATH",
  "missing-env": "a variable in requires.env is set neither in the environment nor in the skill's config entry",
  "missing-config": "a path in requires.config is not truthy in the config",
  "not-in-skill-filter": "eligible, but the agent's skills list leaves it out",
};

/** What each `dropped` reason means. */
export const DROP_REASON_TEXT: Readonly<Record<DropReason, string>> = {
  "disable-model-invocation": "disable-model-invocation: true keeps it out of the model's catalog",
  "count-limit": "past skills.limits.maxSkillsInPrompt",
  "char-budget": "the catalog would exceed skills.limits.maxSkillsPromptChars",
};
