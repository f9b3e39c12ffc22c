import type { CompactionFileDetails, Message } from "../domain/index.js";
import { toolCallsOf } from "../domain/index.js";

export interface CollectFileOperationsOptions {
  /** The summarised messages and the turn prefix. */
  messages: readonly Message[];
  /** The previous compaction entry's `details`, merged in. */
  previous?: CompactionFileDetails;
}

type FileOperation = "read" | "modify";

/** The built-in tools whose `path` argument names a file, and what they do to it. */
const FILE_TOOLS: ReadonlyMap<string, FileOperation> = new Map([
  ["read", "read"],
  ["write", "modify"],
  ["edit", "modify"],
]);

/**
 * The files a compaction records (context.md §4.4): `path` of every `read`, `write` and `edit`
 * tool call in `messages`, merged with the previous compaction's lists. `modifiedFiles` is
 * sorted written ∪ edited; `readFiles` is sorted read minus modified. Both are deduplicated and
 * sorted by UTF-16 code units. Calls without a string `path` are ignored. Pure.
 */
export function collectFileOperations(options: CollectFileOperationsOptions): CompactionFileDetails {
  const read = new Set(options.previous?.readFiles ?? []);
  const modified = new Set(options.previous?.modifiedFiles ?? []);
  for (const message of options.messages) {
    if (message.role !== "assistant") continue;
    for (const call of toolCallsOf(message)) {
      const operation = FILE_TOOLS.get(call.name);
      const path = call.input.path;
      if (operation === undefined || typeof path !== "string" || path === "") continue;
      (operation === "read" ? read : modified).add(path);
    }
  }
  return {
    readFiles: [...read].filter((path) => !modified.has(path)).sort(),
    modifiedFiles: [...modified].sort(),
  };
}
