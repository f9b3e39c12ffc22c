import type { Tool, ToolResult } from "../domain/index.js";
import { textResult } from "../domain/index.js";
import { displayPath, resolveToolPath } from "./resolve-tool-path.js";
import { checkWritableTarget } from "./resolve-workspace-path.js";
import { readString } from "./tool-arguments.js";

/** `write { path, content }`: creates or overwrites a workspace file, creating parent folders. */
export const writeTool: Tool = {
  name: "write",
  description:
    "Write a text file in the workspace, replacing it if it exists and creating missing parent folders. " +
    "`path` is relative to the workspace; `content` is the complete new file content.",
  inputSchema: {
    type: "object",
    properties: {
      path: { type: "string", description: "File path, relative to the workspace." },
      content: { type: "string", description: "The full content to write." },
    },
    required: ["path", "content"],
    additionalProperties: false,
  },
  async execute(input, context): Promise<ToolResult> {
    const path = readString(input, "path");
    const content = readString(input, "content");
    const resolved = await resolveToolPath({ context, input: path });
    if (!resolved.ok) return textResult(resolved.error, true);
    const { fs } = context.runtime;
    const writable = await checkWritableTarget({ path: resolved.path, input: path, fs });
    if (!writable.ok) return textResult(writable.error, true);
    const existing = await fs.stat(resolved.path);
    if (existing !== undefined && existing.kind !== "file") {
      return textResult(`Cannot write ${path}: it exists and is not a regular file`, true);
    }
    await fs.writeText(resolved.path, content);
    const bytes = new TextEncoder().encode(content).length;
    return textResult(`Wrote ${bytes} bytes to ${displayPath(context.workspaceDir, resolved.path)}`);
  },
};
