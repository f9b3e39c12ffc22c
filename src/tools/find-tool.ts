import { join } from "node:path";
import type { Tool, ToolResult } from "../domain/index.js";
import { textResult } from "../domain/index.js";
import { capOutput, MAX_OUTPUT_CHARS } from "./cap-output.js";
import { createGlobMatcher } from "./glob-to-reg-exp.js";
import { listTree } from "./list-tree.js";
import { displayPath, resolveToolPath } from "./resolve-tool-path.js";
import { readOptionalInteger, readOptionalString, readString } from "./tool-arguments.js";

/** Paths `find` returns when no `limit` is given. */
export const FIND_DEFAULT_LIMIT = 1000;

/** `find { pattern, path?, limit? }`: workspace paths matching a glob, sorted. */
export const findTool: Tool = {
  name: "find",
  description:
    'Find files and folders in the workspace by glob. A pattern without `/` (e.g. "*.md") matches names at any ' +
    'depth; a pattern with `/` (e.g. "memory/**/*.md") matches the path relative to `path` (default the workspace ' +
    "root). Supports *, **, ? and {a,b}. Skips .git and node_modules; does not follow symlinks. Returns sorted " +
    `workspace-relative paths, folders with a trailing \`/\`, at most \`limit\` (default ${FIND_DEFAULT_LIMIT}).`,
  inputSchema: {
    type: "object",
    properties: {
      pattern: { type: "string", description: "Glob to match." },
      path: { type: "string", description: "Folder to search, relative to the workspace. Default: the root." },
      limit: { type: "integer", minimum: 1, description: "Maximum number of paths to return." },
    },
    required: ["pattern"],
    additionalProperties: false,
  },
  async execute(input, context): Promise<ToolResult> {
    const pattern = readString(input, "pattern");
    const path = readOptionalString(input, "path") ?? ".";
    const limit = readOptionalInteger(input, "limit") ?? FIND_DEFAULT_LIMIT;
    const resolved = await resolveToolPath({ context, input: path, allowRoot: true });
    if (!resolved.ok) return textResult(resolved.error, true);
    const stat = await context.runtime.fs.stat(resolved.path);
    if (stat === undefined) return textResult(`Path not found: ${path}`, true);
    if (stat.kind !== "directory") return textResult(`Not a directory: ${path}`, true);
    const matcher = createGlobMatcher(pattern);
    if (!matcher.ok) return textResult(`Invalid glob: ${matcher.problem}`, true);
    const { matches } = matcher;
    const entries = await listTree({ fs: context.runtime.fs, directory: resolved.path, signal: context.signal });
    const found = entries
      .filter((entry) => matches(entry.relativePath))
      .map((entry) => {
        const shown = displayPath(context.workspaceDir, join(resolved.path, entry.relativePath));
        return entry.kind === "directory" ? `${shown}/` : shown;
      });
    if (found.length === 0) return textResult(`No paths match ${pattern}`);
    const lines = found.slice(0, limit);
    if (found.length > limit) {
      lines.push(
        "",
        `[${found.length - limit} more paths not shown; ${found.length} in total. Raise limit or narrow the pattern.]`,
      );
    }
    const note = `[Output cut at ${MAX_OUTPUT_CHARS} characters; narrow the pattern.]`;
    return textResult(capOutput(lines.join("\n"), { maxChars: MAX_OUTPUT_CHARS, note }));
  },
};
