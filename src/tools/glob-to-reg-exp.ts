import {
  checkPatternLength,
  compileSafeRegex,
  type SafeRegex,
  type SafeRegexResult,
} from "../platform/compile-safe-regex.js";
import { escapeRegExp } from "../platform/escape-reg-exp.js";

/** Index of the `}` closing the `{` at `open`, or -1 when the brace is unbalanced. */
function findClosingBrace(glob: string, open: number): number {
  let depth = 0;
  for (let i = open; i < glob.length; i++) {
    const char = glob[i];
    if (char === "\\") i++;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return i;
  }
  return -1;
}

/** Splits a brace body on its top-level commas. */
function splitAlternatives(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (char === "\\") i++;
    else if (char === "{") depth++;
    else if (char === "}") depth--;
    else if (char === "," && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

function compile(glob: string): string {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] ?? "";
    if (char === "\\") {
      source += escapeRegExp(glob[i + 1] ?? "\\");
      i++;
    } else if (char === "*") {
      let end = i;
      while (glob[end + 1] === "*") end++;
      const isGlobstar = end > i && (i === 0 || glob[i - 1] === "/");
      if (isGlobstar && glob[end + 1] === "/") {
        source += "(?:.*/)?";
        end++;
      } else {
        source += isGlobstar || end > i ? ".*" : "[^/]*";
      }
      i = end;
    } else if (char === "?") {
      source += "[^/]";
    } else if (char === "{" && findClosingBrace(glob, i) > i) {
      const close = findClosingBrace(glob, i);
      source += `(?:${splitAlternatives(glob.slice(i + 1, close))
        .map(compile)
        .join("|")})`;
      i = close;
    } else {
      source += escapeRegExp(char);
    }
  }
  return source;
}

/**
 * Compiles a glob over `/`-separated relative paths into an anchored pattern on the linear-time
 * engine (a glob such as `*a*a*a*b` cannot backtrack). `*` matches within one segment, `**`
 * across segments (`**\/` also matches no folder at all), `?` one character other than `/`,
 * `{a,b}` alternatives (nestable), `\` escapes the next character; everything else is literal.
 * Dot files are not special. A glob longer than `MAX_REGEX_PATTERN_CHARS` (or compiling too
 * large) gives a problem instead. Pure; never throws.
 */
export function globToRegExp(options: { glob: string; ignoreCase?: boolean }): SafeRegexResult {
  const { glob } = options;
  const tooLong = checkPatternLength({ text: glob, noun: "glob" });
  if (tooLong !== undefined) return { ok: false, problem: tooLong };
  return compileSafeRegex({
    pattern: `^${compile(glob)}$`,
    flags: options.ignoreCase === true ? "i" : "",
    // The glob itself was bounded above; its translation is longer by construction.
    maxPatternChars: Number.POSITIVE_INFINITY,
  });
}

/** A path predicate, or why the glob cannot be one. */
export type GlobMatcherResult =
  | { ok: true; matches: (relativePath: string) => boolean }
  | { ok: false; problem: string };

function lastSegment(relativePath: string): string {
  return relativePath.slice(relativePath.lastIndexOf("/") + 1);
}

/**
 * A predicate over paths relative to a search root, ripgrep style: a glob without `/` is matched
 * against the last segment at any depth; a glob with `/` against the whole relative path
 * (a leading `./` is ignored). Pure; never throws.
 */
export function createGlobMatcher(glob: string): GlobMatcherResult {
  const pattern = glob.startsWith("./") ? glob.slice(2) : glob;
  const compiled = globToRegExp({ glob: pattern });
  if (!compiled.ok) return compiled;
  const regex: SafeRegex = compiled.regex;
  if (pattern.includes("/")) return { ok: true, matches: (relativePath) => regex.test(relativePath) };
  return { ok: true, matches: (relativePath) => regex.test(lastSegment(relativePath)) };
}
