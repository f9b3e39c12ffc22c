import { createHash } from "node:crypto";
import type { MemorySource } from "./memory-candidates.js";

/** sha256 hex of UTF-8 text or raw bytes (`files.hash`, `chunks.hash`; memory.md §3). Pure. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** What a chunk id is derived from. */
export interface MemoryChunkIdParts {
  source: MemorySource;
  path: string;
  startLine: number;
  endLine: number;
  /** sha256 hex of the chunk text. */
  hash: string;
  model: string;
}

/** `chunks.id` = sha256 hex of `<source>:<path>:<startLine>:<endLine>:<chunkHash>:<model>` (memory.md §3). Pure. */
export function memoryChunkId(parts: MemoryChunkIdParts): string {
  return sha256Hex(`${parts.source}:${parts.path}:${parts.startLine}:${parts.endLine}:${parts.hash}:${parts.model}`);
}
