import type { SafeRegex } from "../platform/compile-safe-regex.js";

/** Characters of one line shown in grep output before it is cut. */
export const GREP_MAX_LINE_CHARS = 500;

export interface GrepFileOptions {
  /** Path printed before each line (workspace-relative). */
  displayPath: string;
  lines: readonly string[];
  /** Tested once per line. */
  regex: Pick<SafeRegex, "test">;
  /**
   * Characters that may still be searched (what is left of `searchBudgetChars` of the regex);
   * each line costs its length plus one. Searching stops before the first line that does not fit.
   */
  budgetChars: number;
  /** Lines of context before and after each match. */
  context: number;
  /** Stop after this many matching lines. */
  maxMatches: number;
}

export interface GrepFileResult {
  /** Output lines: `path:LINE: text` for matches, `path-LINE- text` for context, `--` between groups. */
  output: string[];
  matches: number;
  /** Budget spent on the lines searched. */
  spentChars: number;
  /** Whether searching stopped because the next line did not fit in the budget. */
  outOfBudget: boolean;
}

function shorten(text: string): string {
  return text.length <= GREP_MAX_LINE_CHARS ? text : `${text.slice(0, GREP_MAX_LINE_CHARS)}… [line cut]`;
}

/** The matching lines of one file with their context, ripgrep style. Pure. */
export function formatGrepMatches(options: GrepFileOptions): GrepFileResult {
  const { lines, context, displayPath } = options;
  const matchIndexes: number[] = [];
  let spentChars = 0;
  let outOfBudget = false;
  for (let index = 0; index < lines.length && matchIndexes.length < options.maxMatches; index++) {
    const line = lines[index] ?? "";
    if (spentChars + line.length + 1 > options.budgetChars) {
      outOfBudget = true;
      break;
    }
    spentChars += line.length + 1;
    if (options.regex.test(line)) matchIndexes.push(index);
  }
  const isMatch = new Set(matchIndexes);
  const output: string[] = [];
  let shownUntil = -1;
  for (const index of matchIndexes) {
    const from = Math.max(index - context, shownUntil + 1);
    const to = Math.min(index + context, lines.length - 1);
    if (context > 0 && shownUntil >= 0 && from > shownUntil + 1) output.push("--");
    for (let line = from; line <= to; line++) {
      const separator = isMatch.has(line) ? ":" : "-";
      output.push(`${displayPath}${separator}${line + 1}${separator} ${shorten(lines[line] ?? "")}`);
    }
    shownUntil = Math.max(shownUntil, to);
  }
  return { output, matches: matchIndexes.length, spentChars, outOfBudget };
}
