/** Where an indexed chunk came from (memory.md §2 `sources`). */
export type MemorySource = "memory" | "sessions";

/** One indexed chunk as both search legs return it (memory.md §3 `chunks`). */
export interface MemoryChunkRow {
  /** `chunks.id`: sha256 hex of source, path, lines, chunk hash and model. */
  id: string;
  /** Workspace-relative with `/` separators; extra paths outside the workspace keep `../`. */
  path: string;
  source: MemorySource;
  /** 1-based, inclusive. */
  startLine: number;
  /** 1-based, inclusive, ≥ `startLine`. */
  endLine: number;
  /** The whole chunk text; search cuts it to a snippet. */
  text: string;
}

/** A keyword-leg row (memory.md §6.1): `rank` is FTS5 `bm25()`, negative, more negative = better. */
export interface KeywordRow extends MemoryChunkRow {
  rank: number;
}

/** A vector-leg row (memory.md §6.2): `score` is cosine similarity (`1 − distance`), higher = better. */
export interface VectorRow extends MemoryChunkRow {
  score: number;
}
