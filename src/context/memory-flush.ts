import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";
import type { Message } from "../domain/index.js";
import { estimateMessagesTokens, estimateTokens } from "../platform/estimate-tokens.js";

/** `agents.defaults.compaction.memoryFlush` resolved (memory.md §9.1). */
export interface MemoryFlushSettings {
  enabled: boolean;
  /** Tokens below the compaction line at which the flush runs. Default 4 000. */
  softThresholdTokens: number;
  /** A transcript file this large (bytes) flushes whatever its tokens. Default 2 MiB. */
  forceFlushTranscriptBytes: number;
  /** The flush run's user message; `YYYY-MM-DD` becomes today's date. */
  prompt: string;
  /** Added to the flush run's system prompt. */
  systemPrompt: string;
}

const SILENT_HINT = "If nothing needs a reply the user should see, start your reply with NO_REPLY.";

/** The default flush message (memory.md §9.1), in our own words. */
export const DEFAULT_MEMORY_FLUSH_PROMPT = [
  "Pre-compaction memory flush: this session will soon be compacted and older turns summarised.",
  "Store any durable memories from this conversation now in memory/YYYY-MM-DD.md (create the memory/ folder if it does not exist).",
  "If that file already exists, only append to it: never overwrite or rewrite existing entries.",
  "If there is nothing worth storing, reply with NO_REPLY.",
].join(" ");

/** The default addition to the flush run's system prompt (memory.md §9.1). */
export const DEFAULT_MEMORY_FLUSH_SYSTEM_PROMPT = [
  "This turn is a memory flush: the session is close to compaction.",
  "Capture durable memories (decisions, preferences, facts, open commitments) to disk before older context is summarised.",
  "You may reply, but NO_REPLY is usually the right answer.",
].join(" ");

const SCHEMA_FLUSH = resolveOpenClawConfig({}).agents.defaults.compaction.memoryFlush;

/** The flush settings with nothing configured: the schema's numbers and our default texts. */
export const DEFAULT_MEMORY_FLUSH_SETTINGS: MemoryFlushSettings = {
  enabled: SCHEMA_FLUSH.enabled,
  softThresholdTokens: SCHEMA_FLUSH.softThresholdTokens,
  forceFlushTranscriptBytes: SCHEMA_FLUSH.forceFlushTranscriptBytes,
  prompt: DEFAULT_MEMORY_FLUSH_PROMPT,
  systemPrompt: DEFAULT_MEMORY_FLUSH_SYSTEM_PROMPT,
};

/** A configured text that never mentions NO_REPLY gets the silent-reply hint after a blank line. */
export function withSilentHint(text: string): string {
  return text.includes("NO_REPLY") ? text : `${text}\n\n${SILENT_HINT}`;
}

/** What the flush decision looks at (memory.md §9.1). Counts are tokens unless named bytes. */
export interface MemoryFlushInputs {
  settings: MemoryFlushSettings;
  contextWindow: number;
  /** `reserveTokensFloor` (default 20 000), not the effective reserve. */
  reserveTokensFloor: number;
  /** The session's context (for the estimate when no usage was reported). */
  messages: readonly Message[];
  /** Input-side usage of the session's last run (input + cache read + cache write); 0 ⇒ estimate. */
  lastPromptTokens: number;
  lastOutputTokens: number;
  /** The user text about to run. */
  pendingPrompt: string;
  transcriptBytes: number;
  heartbeat: boolean;
  /** The workspace can be written (not a sandbox without read-write access). */
  writable: boolean;
  compactionCount: number;
  /** `compactionCount` when the flush last ran; `undefined` when it never ran. */
  flushedAtCompactionCount: number | undefined;
}

/**
 * Whether the pre-compaction memory flush runs before this run (memory.md §9.1): projected tokens
 * at or over `window − floor − softThreshold` (never by tokens when that is ≤ 0), or a transcript
 * file of `forceFlushTranscriptBytes` or more; never when disabled, for heartbeats, in a read-only
 * workspace, or twice in one compaction cycle. Pure.
 */
export function shouldRunMemoryFlush(inputs: MemoryFlushInputs): {
  run: boolean;
  projected: number;
  threshold: number;
} {
  const threshold = inputs.contextWindow - inputs.reserveTokensFloor - inputs.settings.softThresholdTokens;
  const promptTokens = inputs.lastPromptTokens > 0 ? inputs.lastPromptTokens : estimateMessagesTokens(inputs.messages);
  const projected = promptTokens + inputs.lastOutputTokens + estimateTokens(inputs.pendingPrompt);
  const blocked =
    !inputs.settings.enabled ||
    inputs.heartbeat ||
    !inputs.writable ||
    inputs.flushedAtCompactionCount === inputs.compactionCount;
  const byTokens = threshold > 0 && projected >= threshold;
  const byBytes = inputs.transcriptBytes >= inputs.settings.forceFlushTranscriptBytes;
  return { run: !blocked && (byTokens || byBytes), projected, threshold };
}

/** The flush run's user message: every `YYYY-MM-DD` becomes `today`, plus the time line when absent. */
export function buildMemoryFlushPrompt(options: { prompt: string; today: string; currentTimeLine: string }): string {
  const text = withSilentHint(options.prompt).replaceAll("YYYY-MM-DD", options.today);
  return text.includes("Current time:") ? text : `${text}\n\n${options.currentTimeLine}`;
}
