import { join } from "node:path";
import type { Tool, ToolContext, ToolResult } from "../domain/index.js";
import { textResult } from "../domain/index.js";
import { compileSafeRegex, MAX_REGEX_PATTERN_CHARS, type SafeRegexResult } from "../platform/compile-safe-regex.js";
import { capOutput, MAX_OUTPUT_CHARS } from "./cap-output.js";
import { formatGrepMatches } from "./format-grep-matches.js";
import { createGlobMatcher, type GlobMatcherResult } from "./glob-to-reg-exp.js";
import { isBinaryContent } from "./is-binary-content.js";
import { listTree } from "./list-tree.js";
import { displayPath, resolveToolPath } from "./resolve-tool-path.js";
import { splitLines } from "./split-lines.js";
import { readOptionalBoolean, readOptionalInteger, readOptionalString, readString } from "./tool-arguments.js";

/** Matching lines `grep` returns when no `limit` is given. */
export const GREP_DEFAULT_LIMIT = 100;

const ANY_PATH: GlobMatcherResult = { ok: true, matches: () => true };

/** Files to search under `root`: the file itself, or the regular files below it that pass the glob. */
async function listSearchFiles(options: {
  context: ToolContext;
  root: string;
  isDirectory: boolean;
  matches: (relativePath: string) => boolean;
}): Promise<string[]> {
  if (!options.isDirectory) return [options.root];
  const { matches } = options;
  const entries = await listTree({
    fs: options.context.runtime.fs,
    directory: options.root,
    signal: options.context.signal,
  });
  return entries
    .filter((entry) => entry.kind === "file" && matches(entry.relativePath))
    .map((entry) => join(options.root, entry.relativePath));
}

/** `grep { pattern, path?, glob?, ignoreCase?, literal?, context?, limit? }` over workspace files. */
export const grepTool: Tool = {
  name: "grep",
  description:
    "Search file contents in the workspace with a regular expression (JavaScript syntax without backreferences " +
    "or lookaround; matching never backtracks) or, with `literal`, a plain string. Searches `path` (a file, or a folder recursively; default the workspace root), skipping .git, " +
    "node_modules and binary files. Prints `path:LINE: text` for matches and `path-LINE- text` for context lines. " +
    `\`glob\` filters file names (e.g. "*.md" or "notes/**/*.txt"). Stops after \`limit\` matches (default ${GREP_DEFAULT_LIMIT}).`,
  inputSchema: {
    type: "object",
    properties: {
      pattern: {
        type: "string",
        description: `Regular expression, at most ${MAX_REGEX_PATTERN_CHARS} characters (or literal text with \`literal: true\`).`,
      },
      path: { type: "string", description: "File or folder to search, relative to the workspace." },
      glob: { type: "string", description: "Only search files matching this glob, relative to `path`." },
      ignoreCase: { type: "boolean", description: "Match case-insensitively." },
      literal: { type: "boolean", description: "Treat `pattern` as plain text." },
      context: { type: "integer", minimum: 0, description: "Lines of context to show around each match." },
      limit: { type: "integer", minimum: 1, description: "Maximum number of matching lines." },
    },
    required: ["pattern"],
    additionalProperties: false,
  },
  async execute(input, context): Promise<ToolResult> {
    const pattern = readString(input, "pattern");
    const path = readOptionalString(input, "path") ?? ".";
    const limit = readOptionalInteger(input, "limit") ?? GREP_DEFAULT_LIMIT;
    const contextLines = readOptionalInteger(input, "context") ?? 0;
    const compiled = compilePattern(input, pattern);
    if (!compiled.ok) return textResult(`Invalid regular expression: ${compiled.problem}`, true);
    const { regex } = compiled;
    const glob = readOptionalString(input, "glob");
    const matcher = glob === undefined ? ANY_PATH : createGlobMatcher(glob);
    if (!matcher.ok) return textResult(`Invalid glob: ${matcher.problem}`, true);
    const resolved = await resolveToolPath({ context, input: path, allowRoot: true });
    if (!resolved.ok) return textResult(resolved.error, true);
    const { fs } = context.runtime;
    const stat = await fs.stat(resolved.path);
    if (stat === undefined) return textResult(`Path not found: ${path}`, true);
    const isDirectory = stat.kind === "directory";
    const files = await listSearchFiles({ context, root: resolved.path, isDirectory, matches: matcher.matches });
    const output: string[] = [];
    let matches = 0;
    let budgetChars = regex.searchBudgetChars;
    let outOfBudget = false;
    for (const file of files) {
      if (matches >= limit || outOfBudget) break;
      context.signal?.throwIfAborted();
      const bytes = await fs.readBytes(file);
      if (isBinaryContent(bytes)) continue;
      const found = formatGrepMatches({
        displayPath: displayPath(context.workspaceDir, file),
        lines: splitLines(new TextDecoder().decode(bytes)),
        regex,
        budgetChars,
        context: contextLines,
        maxMatches: limit - matches,
      });
      budgetChars -= found.spentChars;
      outOfBudget = found.outOfBudget;
      if (found.matches === 0) continue;
      if (output.length > 0 && contextLines > 0) output.push("--");
      output.push(...found.output);
      matches += found.matches;
    }
    const budgetNote =
      `[Stopped after searching ${regex.searchBudgetChars - budgetChars} characters, all this pattern may search ` +
      "in one call; narrow path or glob, or simplify the pattern.]";
    if (matches === 0) return textResult(outOfBudget ? `No matches found\n\n${budgetNote}` : "No matches found");
    if (matches >= limit)
      output.push("", `[Stopped at the limit of ${limit} matches; narrow the search or raise limit.]`);
    else if (outOfBudget) output.push("", budgetNote);
    const note = `[Output cut at ${MAX_OUTPUT_CHARS} characters; narrow the search or lower limit or context.]`;
    return textResult(capOutput(output.join("\n"), { maxChars: MAX_OUTPUT_CHARS, note }));
  },
};

function compilePattern(input: Record<string, unknown>, pattern: string): SafeRegexResult {
  return compileSafeRegex({
    pattern,
    flags: readOptionalBoolean(input, "ignoreCase") === true ? "i" : "",
    literal: readOptionalBoolean(input, "literal") === true,
  });
}
