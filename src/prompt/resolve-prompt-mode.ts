import { isSubagentSessionKey } from "../domain/index.js";
import type { PromptMode } from "./system-prompt-input.js";

/** `minimal` for sub-agent sessions, else `full` (spec/prompt.md §3.2). */
export function resolvePromptMode(sessionKey?: string): PromptMode {
  return isSubagentSessionKey(sessionKey) ? "minimal" : "full";
}
