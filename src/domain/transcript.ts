import { join } from "node:path";
import type { Message } from "./messages.js";

/** Fields every transcript entry has (context.md §1.2). */
export interface TranscriptEntryBase {
  id: string;
  /** The entry this one follows; `null` for the first entry of the file. */
  parentId: string | null;
  /** ISO time the entry was written, from the injected clock. */
  timestamp: string;
}

/** Files a compaction saw read and changed (context.md §4.4); both sorted. */
export interface CompactionFileDetails {
  readFiles: string[];
  modifiedFiles: string[];
}

export type TranscriptEntry = TranscriptEntryBase &
  (
    | { type: "message"; message: Message }
    | {
        type: "compaction";
        summary: string;
        /** The model context after it: the summary, then every message from this entry on. */
        firstKeptEntryId: string;
        tokensBefore: number;
        tokensAfter?: number;
        details: CompactionFileDetails;
      }
    /** Runtime bookkeeping, for example `openclaw.cache-ttl` `{ timestamp, provider, modelId }`. */
    | { type: "custom"; customType: string; data: Record<string, unknown> }
  );

export type TranscriptEntryType = TranscriptEntry["type"];

/** The `customType` of the cache-TTL bookkeeping entry (context.md §6.4). */
export const CACHE_TTL_ENTRY_TYPE = "openclaw.cache-ttl";

/** One session's transcript as a unit's results keep it (context.md §1.2). */
export interface SessionTranscriptRecord {
  sessionKey: string;
  sessionId: string;
  /** The JSONL file under the unit's state dir (removed with the unit's temp folders). */
  file: string;
  /** Every entry of the file, in file order (abandoned branches included). */
  entries: TranscriptEntry[];
}

/** `<stateDir>/agents/<agentId>/sessions`: the folder of an agent's session transcripts (context.md §1.2). */
export function sessionTranscriptsDir(options: { stateDir: string; agentId: string }): string {
  return join(options.stateDir, "agents", options.agentId, "sessions");
}
