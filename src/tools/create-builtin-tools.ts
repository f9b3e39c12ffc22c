import type { Tool } from "../domain/index.js";
import { editTool } from "./edit-tool.js";
import { createExecTool } from "./exec-tool.js";
import { findTool } from "./find-tool.js";
import { grepTool } from "./grep-tool.js";
import { lsTool } from "./ls-tool.js";
import { memoryGetTool } from "./memory-get-tool.js";
import { memorySearchTool } from "./memory-search-tool.js";
import { messageTool } from "./message-tool.js";
import { createProcessSessions } from "./process-sessions.js";
import { createProcessTool } from "./process-tool.js";
import { readTool } from "./read-tool.js";
import { sessionsSpawnTool } from "./sessions-spawn-tool.js";
import { writeTool } from "./write-tool.js";

/** The tools this folder provides, in catalog order. */
export const BUILTIN_TOOL_NAMES = [
  "read",
  "write",
  "edit",
  "ls",
  "grep",
  "find",
  "exec",
  "process",
  "memory_search",
  "memory_get",
  "sessions_spawn",
  "message",
] as const;

export type BuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number];

export function isBuiltinToolName(name: string): name is BuiltinToolName {
  return (BUILTIN_TOOL_NAMES as readonly string[]).includes(name);
}

/**
 * Every built-in tool by name; the Record over the full union keeps the table exhaustive. `exec`
 * and `process` share a fresh table of background sessions, so call this once per unit: the
 * unit's runtime stops whatever is still running when the unit ends (`Runtime.stopCommands`).
 */
export function createBuiltinTools(): Record<BuiltinToolName, Tool> {
  const sessions = createProcessSessions();
  return {
    read: readTool,
    write: writeTool,
    edit: editTool,
    ls: lsTool,
    grep: grepTool,
    find: findTool,
    exec: createExecTool({ sessions }),
    process: createProcessTool(sessions),
    memory_search: memorySearchTool,
    memory_get: memoryGetTool,
    sessions_spawn: sessionsSpawnTool,
    message: messageTool,
  };
}

/** The named built-in tools, in the order given. */
export function selectTools(names: readonly BuiltinToolName[]): Tool[] {
  const tools = createBuiltinTools();
  return names.map((name) => tools[name]);
}
