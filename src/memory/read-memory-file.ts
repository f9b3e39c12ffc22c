import { type Diagnostic, errorMessage, type FileSystem } from "../domain/index.js";
import { type FlattenedTranscriptLine, flattenSessionTranscript } from "./flatten-session-transcript.js";
import type { MemoryFileEntry } from "./list-memory-files.js";
import { sha256Hex } from "./sqlite-memory-store-ids.js";

/** Memory files larger than this are not indexed, in bytes (16 MiB). */
export const MAX_MEMORY_FILE_BYTES = 16 * 1024 * 1024;
/** A NUL byte within this many leading bytes marks a file as binary. */
export const BINARY_SNIFF_BYTES = 8 * 1024;

/**
 * Why a listed file was not indexed. `missing`: it vanished after listing (its rows stay until
 * the next sync). `no-conversation`: a session transcript without a user turn, only heartbeat or
 * cron runs (memory.md §10).
 */
export type MemoryFileSkipReason = "missing" | "binary" | "too-large" | "unreadable" | "no-conversation";

export type MemoryFileRead =
  | {
      ok: true;
      /**
       * Decoded UTF-8 without a leading BOM. For a transcript: its flattened messages at their
       * JSONL line numbers, other lines empty (`alignedText`), the text its citations point into.
       */
      text: string;
      /** A transcript's flattened messages, what the sync chunks; absent for notes. */
      transcript?: FlattenedTranscriptLine[];
      /** sha256 hex of the file bytes as stored. */
      hash: string;
      /** Bytes. */
      size: number;
      /** ms since the epoch. */
      mtime: number;
    }
  | { ok: false; reason: MemoryFileSkipReason; diagnostic?: Diagnostic };

const decoder = new TextDecoder("utf-8");

function skipped(
  entry: MemoryFileEntry,
  reason: MemoryFileSkipReason,
  found: string,
  expected: string,
): MemoryFileRead {
  return {
    ok: false,
    reason,
    diagnostic: { file: entry.path, line: 1, column: 1, path: "", expected, found, severity: "warning" },
  };
}

/**
 * Reads one listed memory file (memory.md §4.2 step 2): skips, with a diagnostic naming the
 * file, files over {@link MAX_MEMORY_FILE_BYTES} and binary files (a NUL byte in the first
 * {@link BINARY_SNIFF_BYTES}); a file gone since listing is skipped without one. The hash covers
 * the raw bytes; the text drops a UTF-8 BOM. A session transcript is flattened
 * ({@link flattenSessionTranscript}) and skipped, without a diagnostic, when nobody talked in it.
 * Never throws.
 */
export async function readMemoryFile(fs: FileSystem, entry: MemoryFileEntry): Promise<MemoryFileRead> {
  try {
    const stat = await fs.lstat(entry.absolutePath);
    if (stat?.kind !== "file") return { ok: false, reason: "missing" };
    const tooLarge = (size: number) =>
      skipped(entry, "too-large", `${size} bytes`, `a memory file of at most ${MAX_MEMORY_FILE_BYTES} bytes (16 MiB)`);
    if (stat.size > MAX_MEMORY_FILE_BYTES) return tooLarge(stat.size);
    const bytes = await fs.readBytes(entry.absolutePath);
    if (bytes.length > MAX_MEMORY_FILE_BYTES) return tooLarge(bytes.length);
    if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) {
      const expected = entry.source === "memory" ? "a Markdown text file" : "a JSONL session transcript";
      return skipped(entry, "binary", `a NUL byte in the first ${BINARY_SNIFF_BYTES} bytes`, expected);
    }
    const file = { hash: sha256Hex(bytes), size: bytes.length, mtime: Math.floor(stat.mtimeMs) };
    const text = decoder.decode(bytes);
    if (entry.source === "memory") return { ok: true, text, ...file };
    const flattened = flattenSessionTranscript(text);
    if (!flattened.conversational) return { ok: false, reason: "no-conversation" };
    return { ok: true, text: flattened.alignedText, transcript: flattened.lines, ...file };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { ok: false, reason: "missing" };
    return skipped(entry, "unreadable", errorMessage(error), "a readable memory file");
  }
}
