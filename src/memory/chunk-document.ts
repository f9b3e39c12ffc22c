/** One chunk of a memory document (memory.md §4.3). Lines are 1-based and inclusive. */
export interface DocumentChunk {
  startLine: number;
  endLine: number;
  /** The chunk's segments joined by `\n`. */
  text: string;
}

/** Chunk sizes in tokens; one token counts as 4 chars here (memory.md §4.3). */
export interface ChunkDocumentOptions {
  text: string;
  /** Target tokens per chunk; `maxChars = max(32, tokens × 4)`. */
  tokens: number;
  /** Tokens carried from the end of one chunk into the next; clamped to `[0, tokens − 1]`. */
  overlap: number;
}

interface Segment {
  line: number;
  text: string;
}

const CHARS_PER_TOKEN = 4;
const MIN_CHUNK_CHARS = 32;

function splitSegments(text: string, maxChars: number): Segment[] {
  const segments: Segment[] = [];
  text.split("\n").forEach((lineText, index) => {
    if (lineText.length === 0) segments.push({ line: index + 1, text: "" });
    for (let start = 0; start < lineText.length; start += maxChars) {
      segments.push({ line: index + 1, text: lineText.slice(start, start + maxChars) });
    }
  });
  return segments;
}

function cost(segment: Segment): number {
  return segment.text.length + 1;
}

function toChunk(segments: readonly Segment[]): DocumentChunk {
  return {
    startLine: segments[0]?.line ?? 1,
    endLine: segments.at(-1)?.line ?? 1,
    text: segments.map((segment) => segment.text).join("\n"),
  };
}

/** The closing chunk's tail segments whose summed cost first reaches `overlapChars`. */
function carryOverlap(closed: readonly Segment[], overlapChars: number): Segment[] {
  const carried: Segment[] = [];
  let carriedCost = 0;
  for (let index = closed.length - 1; index >= 0 && carriedCost < overlapChars; index -= 1) {
    const segment = closed[index]!;
    carried.unshift(segment);
    carriedCost += cost(segment);
  }
  return carried;
}

/** `overlap` clamped to `[0, tokens − 1]` (memory.md §2 `chunking`), in tokens. Pure. */
export function clampChunkOverlap(tokens: number, overlap: number): number {
  return Math.min(Math.max(0, overlap), Math.max(0, tokens - 1));
}

/**
 * Splits a document into overlapping line-based chunks (memory.md §4.3). Lines longer than
 * `maxChars` become `maxChars`-sized segments that keep the line's number; each segment costs its
 * length + 1 chars. A chunk closes before the segment that would take it over `maxChars`, and the
 * next chunk starts with the closed chunk's tail of at least `overlap × 4` chars, so a chunk may
 * exceed `maxChars` by up to that carried tail. Blank chunks are kept (the caller drops them).
 * Always returns at least one chunk. Pure.
 */
export function chunkDocument(options: ChunkDocumentOptions): DocumentChunk[] {
  const maxChars = Math.max(MIN_CHUNK_CHARS, options.tokens * CHARS_PER_TOKEN);
  const overlapChars = clampChunkOverlap(options.tokens, options.overlap) * CHARS_PER_TOKEN;
  const chunks: DocumentChunk[] = [];
  let current: Segment[] = [];
  let currentChars = 0;
  for (const segment of splitSegments(options.text, maxChars)) {
    if (currentChars + cost(segment) > maxChars && current.length > 0) {
      chunks.push(toChunk(current));
      current = carryOverlap(current, overlapChars);
      currentChars = current.reduce((sum, carried) => sum + cost(carried), 0);
    }
    current.push(segment);
    currentChars += cost(segment);
  }
  if (current.length > 0) chunks.push(toChunk(current));
  return chunks;
}
