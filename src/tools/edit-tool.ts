import type { Tool, ToolResult } from "../domain/index.js";
import { textResult } from "../domain/index.js";
import { isBinaryContent } from "./is-binary-content.js";
import { displayPath, resolveToolPath } from "./resolve-tool-path.js";
import { checkWritableTarget } from "./resolve-workspace-path.js";
import { readString } from "./tool-arguments.js";

/** Occurrences of `needle` in `text`, overlapping ones included (any overlap makes the edit ambiguous). */
export function countOccurrences(text: string, needle: string): number {
  let count = 0;
  for (let index = text.indexOf(needle); index !== -1; index = text.indexOf(needle, index + 1)) count++;
  return count;
}

/** `edit { path, oldText, newText }`: replaces the one exact occurrence of `oldText`. */
export const editTool: Tool = {
  name: "edit",
  description:
    "Edit a workspace file by replacing an exact piece of text. `oldText` must appear exactly once in the " +
    "file (whitespace and line breaks included); add surrounding lines to make it unique. It is replaced by `newText`.",
  inputSchema: {
    type: "object",
    properties: {
      path: { type: "string", description: "File path, relative to the workspace." },
      oldText: { type: "string", description: "Exact text to replace; must occur exactly once." },
      newText: { type: "string", description: "Replacement text." },
    },
    required: ["path", "oldText", "newText"],
    additionalProperties: false,
  },
  async execute(input, context): Promise<ToolResult> {
    const path = readString(input, "path");
    const oldText = readString(input, "oldText");
    const newText = readString(input, "newText");
    const resolved = await resolveToolPath({ context, input: path });
    if (!resolved.ok) return textResult(resolved.error, true);
    const { fs } = context.runtime;
    const writable = await checkWritableTarget({ path: resolved.path, input: path, fs });
    if (!writable.ok) return textResult(writable.error, true);
    const stat = await fs.stat(resolved.path);
    if (stat === undefined) return textResult(`File not found: ${path}`, true);
    if (stat.kind !== "file") return textResult(`Not a regular file: ${path}`, true);
    if (oldText === "") return textResult("oldText must not be empty", true);
    const bytes = await fs.readBytes(resolved.path);
    if (isBinaryContent(bytes)) return textResult(`Cannot edit binary file: ${path}`, true);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const count = countOccurrences(text, oldText);
    if (count === 0) return textResult(`oldText not found in ${path}; it must match the file exactly`, true);
    if (count > 1) {
      return textResult(
        `oldText occurs ${count} times in ${path}; include more surrounding text so it matches exactly once`,
        true,
      );
    }
    if (oldText === newText) return textResult(`No change: oldText and newText are identical`, true);
    const index = text.indexOf(oldText);
    await fs.writeText(resolved.path, text.slice(0, index) + newText + text.slice(index + oldText.length));
    const line = text.slice(0, index).split("\n").length;
    return textResult(
      `Edited ${displayPath(context.workspaceDir, resolved.path)}: replaced 1 occurrence at line ${line}`,
    );
  },
};
