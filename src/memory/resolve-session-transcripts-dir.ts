import type { MemorySearchConfig } from "../config/resolve-agent-config.js";
import { sessionTranscriptsDir } from "../domain/index.js";

export interface ResolveSessionTranscriptsDirOptions {
  /** The runtime's state folder, absolute. */
  stateDir: string;
  agentId: string;
  settings: Pick<MemorySearchConfig, "sources" | "experimental">;
}

/**
 * The folder of the agent's session transcripts, `<stateDir>/agents/<agentId>/sessions`, when
 * they are a memory source (memory.md §10): `experimental.sessionMemory` is true and `sources`
 * names `"sessions"`. `undefined` otherwise. Pure.
 */
export function resolveSessionTranscriptsDir(options: ResolveSessionTranscriptsDirOptions): string | undefined {
  const { settings } = options;
  if (!settings.experimental.sessionMemory || !settings.sources.includes("sessions")) return undefined;
  return sessionTranscriptsDir(options);
}
