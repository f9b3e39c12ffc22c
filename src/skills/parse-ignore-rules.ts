/** One gitignore pattern, scoped to the folder (relative to the skill directory) holding its file. */
export interface IgnoreRule {
  /** Folder of the ignore file, relative to the skill directory, `/`-separated; `""` at the top. */
  base: string;
  negated: boolean;
  directoryOnly: boolean;
  pattern: RegExp;
}

/** The ignore files read at each level of a skill directory walk (spec/skills.md §4.4). */
export const IGNORE_FILE_NAMES: readonly string[] = [".gitignore", ".ignore", ".fdignore"];

const REGEX_SPECIALS = /[.*+?^${}()|[\]\\]/g;

function escapeLiteral(text: string): string {
  return text.replace(REGEX_SPECIALS, "\\$&");
}

function translateClass(glob: string, start: number): { source: string; end: number } | undefined {
  let index = start + 1;
  let body = "";
  if (glob[index] === "!" || glob[index] === "^") {
    body = "^";
    index += 1;
  }
  const first = index;
  while (index < glob.length && (glob[index] !== "]" || index === first)) {
    const char = glob[index] ?? "";
    body += char === "\\" || char === "^" ? `\\${char}` : char;
    index += 1;
  }
  return index < glob.length ? { source: `[${body}]`, end: index } : undefined;
}

function translateGlob(glob: string): string {
  let source = "";
  for (let index = 0; index < glob.length; index += 1) {
    const char = glob[index] ?? "";
    const atSegmentStart = index === 0 || glob[index - 1] === "/";
    if (char === "*" && glob[index + 1] === "*" && atSegmentStart && (glob[index + 2] ?? "/") === "/") {
      source += index + 2 >= glob.length ? ".*" : "(?:.*/)?";
      index += 2;
    } else if (char === "*") {
      source += "[^/]*";
    } else if (char === "?") {
      source += "[^/]";
    } else if (char === "[") {
      const translated = translateClass(glob, index);
      source += translated ? translated.source : "\\[";
      index = translated ? translated.end : index;
    } else if (char === "\\" && index + 1 < glob.length) {
      index += 1;
      source += escapeLiteral(glob[index] ?? "");
    } else {
      source += escapeLiteral(char);
    }
  }
  return source;
}

function parseLine(line: string, base: string): IgnoreRule | undefined {
  let text = line.replace(/(?<!\\)\s+$/, "");
  if (text === "" || text.startsWith("#")) return undefined;
  const negated = text.startsWith("!");
  if (negated) text = text.slice(1);
  if (text.startsWith("\\#") || text.startsWith("\\!")) text = text.slice(1);
  const directoryOnly = text.endsWith("/");
  if (directoryOnly) text = text.slice(0, -1);
  if (text === "") return undefined;
  const anchored = text.includes("/");
  if (text.startsWith("/")) text = text.slice(1);
  const prefix = anchored || text.startsWith("**/") ? "^" : "^(?:.*/)?";
  return { base, negated, directoryOnly, pattern: new RegExp(`${prefix}${translateGlob(text)}$`) };
}

/** Parses one ignore file (gitignore syntax) found in folder `base` of a skill directory. Pure. */
export function parseIgnoreRules(text: string, base: string): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (const line of text.split(/\r?\n|\r/)) {
    const rule = parseLine(line, base);
    if (rule) rules.push(rule);
  }
  return rules;
}

/**
 * Whether `path` (relative to the skill directory, `/`-separated) is ignored: the last rule
 * that matches decides, `!` rules re-include. Rules only see paths inside their own folder.
 */
export function isIgnored(rules: readonly IgnoreRule[], path: string, isDirectory: boolean): boolean {
  let ignored = false;
  for (const rule of rules) {
    if (rule.directoryOnly && !isDirectory) continue;
    if (rule.base !== "" && !path.startsWith(`${rule.base}/`)) continue;
    const relative = rule.base === "" ? path : path.slice(rule.base.length + 1);
    if (rule.pattern.test(relative)) ignored = !rule.negated;
  }
  return ignored;
}
