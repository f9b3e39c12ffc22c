import ignore, { type Ignore } from "ignore";

/** The rules of one ignore file, scoped to the folder (relative to the skill directory) holding it. */
export interface IgnoreRules {
  /** Folder of the ignore file, relative to the skill directory, `/`-separated; `""` at the top. */
  base: string;
  matcher: Ignore;
}

/** The ignore files read at each level of a skill directory walk (spec/skills.md §4.4). */
export const IGNORE_FILE_NAMES: readonly string[] = [".gitignore", ".ignore", ".fdignore"];

/**
 * Parses one ignore file (gitignore syntax, through the `ignore` package) found in folder `base`
 * of a skill directory. Lines git would reject, such as a reversed range `[z-a]`, never throw.
 * Pure.
 */
export function parseIgnoreRules(text: string, base: string): IgnoreRules {
  return { base, matcher: ignore().add(text) };
}

/**
 * Whether `path` (relative to the skill directory, `/`-separated, never `.`-prefixed: the walk
 * skips dot names) is ignored. Files are applied in order, outermost first: within a file the
 * last matching line decides, and a later file's decision (ignore, or re-include with `!`)
 * overrides an earlier one. Rules only see paths inside their own folder.
 */
export function isIgnored(rules: readonly IgnoreRules[], path: string, isDirectory: boolean): boolean {
  let ignored = false;
  for (const { base, matcher } of rules) {
    if (base !== "" && !path.startsWith(`${base}/`)) continue;
    const relative = base === "" ? path : path.slice(base.length + 1);
    const result = matcher.test(isDirectory ? `${relative}/` : relative);
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}
