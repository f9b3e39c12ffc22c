import type { Tool, ToolResult } from "../domain/index.js";
import { textResult } from "../domain/index.js";
import { MEMORY_OFF_RESULT } from "./memory-search-tool.js";
import { readOptionalInteger, readString } from "./tool-arguments.js";

/**
 * `memory_get { path, from?, lines? }` (memory.md §7.2): the text of a memory note (MEMORY.md,
 * memory.md, memory/**.md or an extra path), whole or a line range, as JSON text. A path outside
 * those answers `{ path, text: "", disabled: true, error }`; a missing file `{ path, text: "" }`.
 */
export const memoryGetTool: Tool = {
  name: "memory_get",
  description:
    "Read a memory note (MEMORY.md or a file under memory/), whole or from line `from` for `lines` lines, " +
    "after memory_search has pointed you at it.",
  inputSchema: {
    type: "object",
    properties: {
      path: { type: "string", description: "Workspace-relative path, e.g. memory/2026-03-14.md." },
      from: { type: "integer", description: "First line to return (1-based)." },
      lines: { type: "integer", description: "How many lines to return." },
    },
    required: ["path"],
    additionalProperties: false,
  },
  async execute(input, context): Promise<ToolResult> {
    const path = readString(input, "path");
    const from = readOptionalInteger(input, "from");
    const lines = readOptionalInteger(input, "lines");
    if (context.memory === undefined) return textResult(JSON.stringify({ path, text: "", ...MEMORY_OFF_RESULT }));
    const result = await context.memory.get({
      path,
      ...(from === undefined ? {} : { from }),
      ...(lines === undefined ? {} : { lines }),
    });
    return textResult(JSON.stringify(result, null, 2));
  },
};
