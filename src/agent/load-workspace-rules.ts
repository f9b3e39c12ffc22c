import { join } from "node:path";
import type { Runtime } from "../domain/index.js";

/** Largest AGENTS.md read for a summary's critical-rules section, chars. */
const MAX_RULES_FILE_CHARS = 2_000_000;

/**
 * The workspace AGENTS.md text, for the critical-rules section of a compaction summary
 * (context.md §5.9); `undefined` when the file is missing or unreadable.
 */
export async function loadWorkspaceRules(runtime: Runtime, workspaceDir: string): Promise<string | undefined> {
  const path = join(workspaceDir, "AGENTS.md");
  const stat = await runtime.fs.stat(path);
  if (stat?.kind !== "file" || stat.size > MAX_RULES_FILE_CHARS) return undefined;
  try {
    return await runtime.fs.readText(path);
  } catch {
    return undefined;
  }
}
