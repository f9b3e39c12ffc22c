import { join } from "node:path";
import type { DirectoryEntry, Tool, ToolContext, ToolResult } from "../domain/index.js";
import { textResult } from "../domain/index.js";
import { capOutput, MAX_OUTPUT_CHARS } from "./cap-output.js";
import { resolveToolPath } from "./resolve-tool-path.js";
import { resolveWorkspacePath } from "./resolve-workspace-path.js";
import { readOptionalInteger, readOptionalString } from "./tool-arguments.js";

/** Entries `ls` returns when no `limit` is given. */
export const LS_DEFAULT_LIMIT = 500;

/** One line of the listing; a symlink is followed only when it stays inside the workspace. */
async function formatEntry(entry: DirectoryEntry, directory: string, context: ToolContext): Promise<string> {
  if (entry.kind === "directory") return `${entry.name}/`;
  if (entry.kind !== "symlink") return entry.name;
  const path = join(directory, entry.name);
  const inside = await resolveWorkspacePath({
    input: path,
    workspaceDir: context.workspaceDir,
    homeDir: context.runtime.homeDir,
    fs: context.runtime.fs,
  });
  if (!inside.ok) return `${entry.name} (symlink leading outside the workspace or broken)`;
  const target = await context.runtime.fs.stat(path);
  return target?.kind === "directory" ? `${entry.name}/` : entry.name;
}

/** `ls { path?, limit? }`: the sorted entries of a workspace directory, folders with a trailing `/`. */
export const lsTool: Tool = {
  name: "ls",
  description:
    "List a workspace directory (default: the workspace root), sorted by name, folders marked with a trailing `/`. " +
    `Shows at most \`limit\` entries (default ${LS_DEFAULT_LIMIT}).`,
  inputSchema: {
    type: "object",
    properties: {
      path: { type: "string", description: "Directory path, relative to the workspace. Default: the workspace root." },
      limit: { type: "integer", minimum: 1, description: "Maximum number of entries to list." },
    },
    additionalProperties: false,
  },
  async execute(input, context): Promise<ToolResult> {
    const path = readOptionalString(input, "path") ?? ".";
    const limit = readOptionalInteger(input, "limit") ?? LS_DEFAULT_LIMIT;
    const resolved = await resolveToolPath({ context, input: path, allowRoot: true });
    if (!resolved.ok) return textResult(resolved.error, true);
    const stat = await context.runtime.fs.stat(resolved.path);
    if (stat === undefined) return textResult(`Path not found: ${path}`, true);
    if (stat.kind !== "directory") return textResult(`Not a directory: ${path}`, true);
    const entries = await context.runtime.fs.readDirectory(resolved.path);
    if (entries.length === 0) return textResult("(empty directory)");
    const lines: string[] = [];
    for (const entry of entries.slice(0, limit)) lines.push(await formatEntry(entry, resolved.path, context));
    if (entries.length > limit) {
      lines.push(
        "",
        `[${entries.length - limit} more entries not shown; ${entries.length} in total. Raise limit to see more.]`,
      );
    }
    return textResult(
      capOutput(lines.join("\n"), {
        maxChars: MAX_OUTPUT_CHARS,
        note: `[Listing cut at ${MAX_OUTPUT_CHARS} characters.]`,
      }),
    );
  },
};
