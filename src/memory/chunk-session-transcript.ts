import { ClawEvalError } from "../domain/index.js";
import { chunkDocument, type DocumentChunk } from "./chunk-document.js";
import type { FlattenedTranscriptLine } from "./flatten-session-transcript.js";

export interface ChunkSessionTranscriptOptions {
  /** The flattened messages (`flattenSessionTranscript(...).lines`). */
  lines: readonly FlattenedTranscriptLine[];
  /** Target tokens per chunk, as for notes (memory.md §4.3). */
  tokens: number;
  /** Overlap tokens, as for notes; clamped to `[0, tokens − 1]`. */
  overlap: number;
}

/**
 * Chunks a flattened transcript exactly as a note is chunked (the lines joined by `\n`), then
 * renumbers each chunk's first and last line to the JSONL lines those messages came from, so a
 * chunk's range (and its citation) names lines of the `.jsonl` file. No lines ⇒ no chunks. Pure.
 */
export function chunkSessionTranscript(options: ChunkSessionTranscriptOptions): DocumentChunk[] {
  const { lines } = options;
  if (lines.length === 0) return [];
  const text = lines.map((line) => line.text).join("\n");
  const jsonlLineOf = (flattenedLine: number): number => {
    const line = lines[flattenedLine - 1];
    if (line === undefined)
      throw new ClawEvalError("invariant", `chunk line ${flattenedLine} is outside the transcript`);
    return line.jsonlLine;
  };
  return chunkDocument({ text, tokens: options.tokens, overlap: options.overlap }).map((chunk) => ({
    ...chunk,
    startLine: jsonlLineOf(chunk.startLine),
    endLine: jsonlLineOf(chunk.endLine),
  }));
}
