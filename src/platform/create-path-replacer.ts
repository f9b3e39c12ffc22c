import { escapeRegExp } from "./escape-reg-exp.js";

/**
 * A run-specific absolute path and the placeholder written in its place, e.g. the unit's
 * workspace → `<workspace>`, its HOME → `~`, its stub folder → `<bin>`.
 */
export type PathPlaceholder = readonly [path: string, placeholder: string];

export interface CreatePathReplacerOptions {
  /** Paths to replace; empty and one-character paths (`/`) are ignored. */
  paths: readonly PathPlaceholder[];
  /**
   * Also write `<tmp>` for any other claw-eval temp folder (made by `mkdtemp` with a
   * `claw-eval-` prefix, or its `.home` / `.bin` sibling; a unit's folder inside its run's
   * folder is one) and the folders leading to it, after the given paths. Default `false`.
   */
  otherTempFolders?: boolean;
}

/** A path ends where no name character follows; a `.` ends it too unless a name goes on after it. */
const PATH_END = "(?![\\w-]|\\.[\\w-])";

const CLAW_EVAL_TEMP_PATH = new RegExp(
  `(?:/[^\\s/"'\`<>|()]+)*?(?:/claw-eval-[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*-[A-Za-z0-9]{6}(?:\\.[a-z]+)?)+${PATH_END}`,
  "g",
);

function commonPrefix(paths: readonly string[]): string {
  if (paths.length === 0) return "";
  let prefix = paths[0]!;
  for (const path of paths) {
    let length = 0;
    while (length < prefix.length && length < path.length && prefix[length] === path[length]) length += 1;
    prefix = prefix.slice(0, length);
  }
  return prefix;
}

/**
 * The one replacer of a run's temp paths by placeholders (recorded results, golden prompts,
 * cassette keys and responses). Each path is replaced as a whole: not `/tmp/ab` inside `/tmp/abc`
 * or `/tmp/ab.home`, but before a full stop ending a sentence. Longer paths go first, so a
 * workspace inside HOME becomes `<workspace>`, not `~/...`. The patterns are built once; the
 * returned function is pure and never throws.
 */
export function createPathReplacer(options: CreatePathReplacerOptions): (text: string) => string {
  const replacements = [...options.paths]
    .filter(([path]) => path.length > 1)
    .sort((a, b) => b[0].length - a[0].length)
    .map(([path, placeholder]) => ({
      path,
      placeholder,
      pattern: new RegExp(`${escapeRegExp(path)}${PATH_END}`, "g"),
    }));
  const otherTempFolders = options.otherTempFolders === true;
  // A unit's paths share a long prefix (its workspace, `.home` and `.bin` siblings): text without
  // it holds none of them, found in one scan instead of one per path.
  const shared = commonPrefix(replacements.map(({ path }) => path));
  return (text) => {
    if (shared.length > 1 && !text.includes(shared) && !(otherTempFolders && text.includes("/claw-eval-"))) return text;
    let result = text;
    for (const { path, placeholder, pattern } of replacements) {
      if (result.includes(path)) result = result.replace(pattern, () => placeholder);
    }
    if (otherTempFolders && result.includes("/claw-eval-")) result = result.replace(CLAW_EVAL_TEMP_PATH, "<tmp>");
    return result;
  };
}
