/** One word of a simple command, with quotes removed. */
export interface ShellWord {
  /** The word after quote removal (`'a b'` → `a b`); `$x` and globs are left as written. */
  text: string;
  /**
   * Whether the shell would change the word before the command sees it: a `$` outside single
   * quotes (parameter expansion), an unquoted `*`, `?` or `[` (pathname expansion) or a leading
   * unquoted `~` (tilde expansion). Such a word's real value is unknown to the analysis.
   */
  expands: boolean;
}

/** One command of a pipeline: `words[0]` is the executable. */
export interface ShellSegment {
  /** The segment as written, trimmed. */
  raw: string;
  words: ShellWord[];
}

/** Operators that join the parts of a command list. */
export type ListOperator = "&&" | "||" | ";";

/** One part of a command list: a pipeline, and the operator that follows it (none for the last). */
export interface ShellPart {
  segments: ShellSegment[];
  operator?: ListOperator;
}

export type ShellAnalysis = { ok: true; parts: ShellPart[] } | { ok: false; reason: string };

interface Scanner {
  parts: ShellPart[];
  segments: ShellSegment[];
  words: ShellWord[];
  word: ShellWord | undefined;
  segmentStart: number;
}

const GLOB_CHARS = new Set(["*", "?", "["]);

function fail(reason: string): ShellAnalysis {
  return { ok: false, reason };
}

function appendToWord(scanner: Scanner, text: string, expands: boolean): void {
  scanner.word ??= { text: "", expands: false };
  scanner.word.text += text;
  if (expands) scanner.word.expands = true;
}

function endWord(scanner: Scanner): void {
  if (scanner.word === undefined) return;
  scanner.words.push(scanner.word);
  scanner.word = undefined;
}

/** Ends the segment that runs up to `end`; an empty segment is a syntax error. */
function endSegment(scanner: Scanner, command: string, end: number): string | undefined {
  endWord(scanner);
  if (scanner.words.length === 0) return "an empty command between operators";
  scanner.segments.push({ raw: command.slice(scanner.segmentStart, end).trim(), words: scanner.words });
  scanner.words = [];
  return undefined;
}

function endPart(scanner: Scanner, operator?: ListOperator): void {
  scanner.parts.push({ segments: scanner.segments, ...(operator === undefined ? {} : { operator }) });
  scanner.segments = [];
}

/** Index after the closing `'`, or -1 when unterminated. Single quotes keep everything literal. */
function scanSingleQuoted(scanner: Scanner, command: string, open: number): number {
  const close = command.indexOf("'", open + 1);
  if (close === -1) return -1;
  appendToWord(scanner, command.slice(open + 1, close), false);
  return close + 1;
}

const DOUBLE_QUOTE_ESCAPES = new Set(["$", "`", '"', "\\"]);

/** Index after the closing `"`, or a failure reason. */
function scanDoubleQuoted(scanner: Scanner, command: string, open: number): number | string {
  appendToWord(scanner, "", false);
  for (let i = open + 1; i < command.length; i++) {
    const char = command[i] ?? "";
    if (char === '"') return i + 1;
    if (char === "`") return "command substitution with backticks";
    if (char === "$" && command[i + 1] === "(") return "command substitution $(…)";
    if (char === "\\" && DOUBLE_QUOTE_ESCAPES.has(command[i + 1] ?? "")) {
      appendToWord(scanner, command[i + 1] ?? "", false);
      i++;
    } else {
      appendToWord(scanner, char, char === "$");
    }
  }
  return "an unterminated double quote";
}

/**
 * Splits a shell command the way spec/loop.md §8.2 step 2 reads it: on `&&`, `||` and `;`
 * outside quotes into parts, each part on `|` into segments, each segment into words with
 * POSIX quoting (single quotes literal; double quotes honour `\` before `$`, `` ` ``, `"`, `\`;
 * a bare `\` escapes the next character). Analysis fails, with a reason, on anything whose
 * effect it cannot see: command substitution (`$(…)`, backticks, also inside double quotes),
 * redirections (`<`, `>`), subshells and grouping (`(`, `)`), a lone `&` (background job),
 * newlines, line continuations, unterminated quotes and empty commands. Pure.
 */
export function analyzeShellCommand(command: string): ShellAnalysis {
  const scanner: Scanner = { parts: [], segments: [], words: [], word: undefined, segmentStart: 0 };
  if (command.trim() === "") return fail("an empty command");
  let i = 0;
  while (i < command.length) {
    const char = command[i] ?? "";
    const next = command[i + 1] ?? "";
    if (char === "\\") {
      if (next === "\n") return fail("a line continuation");
      if (next === "") return fail("a trailing backslash");
      appendToWord(scanner, next, false);
      i += 2;
    } else if (char === "'") {
      i = scanSingleQuoted(scanner, command, i);
      if (i === -1) return fail("an unterminated single quote");
    } else if (char === '"') {
      const end = scanDoubleQuoted(scanner, command, i);
      if (typeof end === "string") return fail(end);
      i = end;
    } else if (char === "\n" || char === "\r") {
      return fail("a newline");
    } else if (char === "`") {
      return fail("command substitution with backticks");
    } else if (char === "$" && next === "(") {
      return fail("command substitution $(…)");
    } else if (char === "<" || char === ">") {
      return fail(`a redirection (${char})`);
    } else if (char === "(" || char === ")") {
      return fail(`a subshell or grouping (${char})`);
    } else if (char === "&" && next !== "&") {
      return fail("a background job (&)");
    } else if (char === " " || char === "\t") {
      endWord(scanner);
      i++;
    } else if ((char === "&" && next === "&") || (char === "|" && next === "|") || char === ";") {
      const problem = endSegment(scanner, command, i);
      if (problem !== undefined) return fail(problem);
      const operator: ListOperator = char === ";" ? ";" : char === "&" ? "&&" : "||";
      endPart(scanner, operator);
      i += operator.length;
      scanner.segmentStart = i;
    } else if (char === "|") {
      const problem = endSegment(scanner, command, i);
      if (problem !== undefined) return fail(problem);
      i++;
      scanner.segmentStart = i;
    } else {
      const startsWord = scanner.word === undefined;
      appendToWord(scanner, char, char === "$" || GLOB_CHARS.has(char) || (char === "~" && startsWord));
      i++;
    }
  }
  const last = scanner.parts.at(-1);
  const nothingAfter = scanner.word === undefined && scanner.words.length === 0 && scanner.segments.length === 0;
  if (nothingAfter && last?.operator === ";") {
    // A trailing `;` ends the list without starting another command.
    delete last.operator;
    return { ok: true, parts: scanner.parts };
  }
  const problem = endSegment(scanner, command, command.length);
  if (problem !== undefined) return fail(problem);
  endPart(scanner);
  return { ok: true, parts: scanner.parts };
}

/** Every segment of an analysis, in order. */
export function segmentsOf(parts: readonly ShellPart[]): ShellSegment[] {
  return parts.flatMap((part) => part.segments);
}
