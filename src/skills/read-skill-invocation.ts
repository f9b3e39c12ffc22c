import type { SkillInvocation } from "./skill-types.js";

const TRUE_TEXT = new Set(["true", "1", "yes", "on"]);
const FALSE_TEXT = new Set(["false", "0", "no", "off"]);

/**
 * Invocation policy from the lenient frontmatter (spec/skills.md §2.3): `user-invocable`
 * (default `true`) and `disable-model-invocation` (default `false`). Pure.
 */
export function readSkillInvocation(frontmatter: Readonly<Record<string, string>>): SkillInvocation {
  return {
    userInvocable: parseBooleanText(frontmatter["user-invocable"], true),
    disableModelInvocation: parseBooleanText(frontmatter["disable-model-invocation"], false),
  };
}

/** `true 1 yes on` → true, `false 0 no off` → false (trimmed, any case), else the fallback. */
export function parseBooleanText(text: string | undefined, fallback: boolean): boolean {
  if (text === undefined) return fallback;
  const word = text.trim().toLowerCase();
  if (TRUE_TEXT.has(word)) return true;
  if (FALSE_TEXT.has(word)) return false;
  return fallback;
}
