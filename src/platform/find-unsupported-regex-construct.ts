/** A JavaScript regex construct the linear-time engine cannot run. */
export interface UnsupportedRegexConstruct {
  /** What it is, e.g. `lookahead`. */
  name: string;
  /** The text as written, e.g. `(?=` or `\1`. */
  text: string;
  /** Its offset in the pattern (UTF-16 code units). */
  index: number;
}

const GROUP_OPENERS: readonly { opener: string; name: string }[] = [
  { opener: "(?<=", name: "lookbehind" },
  { opener: "(?<!", name: "negative lookbehind" },
  { opener: "(?=", name: "lookahead" },
  { opener: "(?!", name: "negative lookahead" },
];

function escapeConstruct(pattern: string, index: number): UnsupportedRegexConstruct | undefined {
  const next = pattern[index + 1] ?? "";
  if (next >= "1" && next <= "9") {
    let end = index + 2;
    while (/[0-9]/.test(pattern[end] ?? "")) end++;
    return { name: "backreference", text: pattern.slice(index, end), index };
  }
  if (next === "k" && pattern[index + 2] === "<") {
    const close = pattern.indexOf(">", index);
    return { name: "named backreference", text: pattern.slice(index, close === -1 ? index + 3 : close + 1), index };
  }
  return undefined;
}

/**
 * The first backreference (`\1`, `\k<name>`) or lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`) of a
 * JavaScript pattern, outside character classes, or `undefined`. These need backtracking, so
 * the linear-time engine has none; finding them here names them exactly, where the engine
 * would report a bare syntax error (or, for `\k`, quietly read a literal `k`). Pure; linear.
 */
export function findUnsupportedRegexConstruct(pattern: string): UnsupportedRegexConstruct | undefined {
  let inClass = false;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === "\\") {
      if (!inClass) {
        const construct = escapeConstruct(pattern, index);
        if (construct !== undefined) return construct;
      }
      index++;
    } else if (inClass) {
      if (char === "]") inClass = false;
    } else if (char === "[") {
      inClass = true;
    } else if (char === "(") {
      const group = GROUP_OPENERS.find((candidate) => pattern.startsWith(candidate.opener, index));
      if (group !== undefined) return { name: group.name, text: group.opener, index };
    }
  }
  return undefined;
}
