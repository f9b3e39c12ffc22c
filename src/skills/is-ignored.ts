import type { Ignore } from "ignore";

/** The rules of one ignore file, scoped to the folder (relative to the skill directory) holding it. */
export interface IgnoreRules {
  /** Folder of the ignore file, relative to the skill directory, `/`-separated; `""` at the top. */
  base: string;
  matcher: Ignore;
}

/** The ignore files read at each level of a skill directory walk (spec/skills.md §4.4). */
export const IGNORE_FILE_NAMES: readonly string[] = [".gitignore", ".ignore", ".fdignore"];

/**
 * Whether `path` (relative to the skill directory, `/`-separated, never `.`-prefixed: the walk
 * skips dot names) is ignored. Files are applied in order, outermost first: within a file the
 * last matching line decides, and a later file's decision (ignore, or re-include with `!`)
 * overrides an earlier one. Rules only see paths inside their own folder. Needs no `ignore`
 * package load: only `parseIgnoreRules` does, and only folders with an ignore file call it.
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
