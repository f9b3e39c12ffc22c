import ignore from "ignore";
import type { IgnoreRules } from "./is-ignored.js";

export { IGNORE_FILE_NAMES, type IgnoreRules, isIgnored } from "./is-ignored.js";

/**
 * Parses one ignore file (gitignore syntax, through the `ignore` package) found in folder `base`
 * of a skill directory. Lines git would reject, such as a reversed range `[z-a]`, never throw.
 * Pure.
 */
export function parseIgnoreRules(text: string, base: string): IgnoreRules {
  return { base, matcher: ignore().add(text) };
}
