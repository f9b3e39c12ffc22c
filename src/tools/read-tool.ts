import type { Tool, ToolResult } from "../domain/index.js";
import { textResult } from "../domain/index.js";
import { isBinaryContent } from "./is-binary-content.js";
import { resolveToolPath } from "./resolve-tool-path.js";
import { splitLines } from "./split-lines.js";
import { readOptionalInteger, readString } from "./tool-arguments.js";

/** Most lines one `read` call returns. */
export const READ_MAX_LINES = 2000;
/** Most characters one `read` call returns (newlines included). */
export const READ_MAX_CHARS = 50_000;

function formatSlice(lines: readonly string[], start: number, end: number): string {
  const shown: string[] = [];
  let chars = 0;
  for (let index = start; index < end && shown.length < READ_MAX_LINES; index++) {
    const line = lines[index] ?? "";
    if (chars + line.length + 1 > READ_MAX_CHARS) {
      if (shown.length > 0) break;
      const next = index + 2 <= lines.length ? ` Use offset=${index + 2} to continue after it.` : "";
      return `${line.slice(0, READ_MAX_CHARS)}\n\n[Line ${index + 1} is longer than ${READ_MAX_CHARS} characters; only its start is shown.${next}]`;
    }
    shown.push(line);
    chars += line.length + 1;
  }
  const last = start + shown.length;
  const text = shown.join("\n");
  if (last >= lines.length) return text;
  return `${text}\n\n[Showing lines ${start + 1}-${last} of ${lines.length}. Use offset=${last + 1} to continue.]`;
}

/** `read { path, offset?, limit? }`: the text of a workspace file, a slice of lines at a time. */
export const readTool: Tool = {
  name: "read",
  description:
    "Read a text file from the workspace. `path` is relative to the workspace. Long files come back in " +
    `slices of at most ${READ_MAX_LINES} lines or ${READ_MAX_CHARS} characters; use \`offset\` (1-based line) ` +
    "and `limit` (number of lines) to read a specific part.",
  inputSchema: {
    type: "object",
    properties: {
      path: { type: "string", description: "File path, relative to the workspace." },
      offset: { type: "integer", minimum: 1, description: "Line to start at (1-based)." },
      limit: { type: "integer", minimum: 1, description: "Maximum number of lines to return." },
    },
    required: ["path"],
    additionalProperties: false,
  },
  async execute(input, context): Promise<ToolResult> {
    const path = readString(input, "path");
    const offset = readOptionalInteger(input, "offset") ?? 1;
    const limit = readOptionalInteger(input, "limit");
    const resolved = await resolveToolPath({ context, input: path });
    if (!resolved.ok) return textResult(resolved.error, true);
    const { fs } = context.runtime;
    const stat = await fs.stat(resolved.path);
    if (stat === undefined) return textResult(`File not found: ${path}`, true);
    if (stat.kind === "directory")
      return textResult(`Path is a directory, not a file: ${path} (use ls to list it)`, true);
    if (stat.kind !== "file") return textResult(`Not a regular file: ${path}`, true);
    const bytes = await fs.readBytes(resolved.path);
    if (isBinaryContent(bytes)) return textResult(`Cannot read binary file: ${path} (${bytes.length} bytes)`, true);
    const lines = splitLines(new TextDecoder().decode(bytes));
    if (lines.length === 0) return textResult("(empty file)");
    if (offset > lines.length) {
      return textResult(`Offset ${offset} is past the end of ${path} (${lines.length} lines)`, true);
    }
    const end = limit === undefined ? lines.length : Math.min(lines.length, offset - 1 + limit);
    return textResult(formatSlice(lines, offset - 1, end));
  },
};
