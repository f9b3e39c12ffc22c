import type { MemoryIndexAudit, MemoryIndexProblem, MemoryIndexProblemKind } from "../domain/index.js";
import type { MemoryFileSkipReason } from "./read-memory-file.js";
import { memoryChunkId, sha256Hex } from "./sqlite-memory-store-ids.js";
import type {
  IndexedMemoryFile,
  MemoryIndexCounts,
  MemoryIndexMeta,
  StoredMemoryChunk,
} from "./sqlite-memory-store-types.js";

/** A memory file as listed now: the sha256 of its bytes, or why it could not be read. */
export type ListedMemoryNote = { path: string; hash: string } | { path: string; skipped: MemoryFileSkipReason };

/** What an index audit compares: the index's rows and the notes on disk. */
export interface MemoryIndexState {
  counts: MemoryIndexCounts;
  meta: MemoryIndexMeta | undefined;
  files: readonly IndexedMemoryFile[];
  chunks: readonly StoredMemoryChunk[];
  /** The memory files listed now (memory.md §4.2 step 1). */
  notes: readonly ListedMemoryNote[];
}

function short(hash: string): string {
  return hash.slice(0, 12);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

function countProblems(state: MemoryIndexState): MemoryIndexProblem[] {
  const { chunks, fts, vectors } = state.counts;
  const problems: MemoryIndexProblem[] = [];
  const mismatch = (table: string, rows: number) => ({
    kind: "count-mismatch" as const,
    path: table,
    message: `${table} has ${plural(rows, "row")} but chunks has ${chunks}`,
  });
  if (fts !== undefined && fts !== chunks) problems.push(mismatch("chunks_fts", fts));
  if (vectors !== undefined && vectors !== chunks) problems.push(mismatch("chunks_vec", vectors));
  if (state.meta === undefined) {
    problems.push({ kind: "missing-meta", path: "meta", message: "meta has no readable index description" });
  }
  return problems;
}

function fileProblems(state: MemoryIndexState): MemoryIndexProblem[] {
  const listed = new Map(state.notes.map((note) => [note.path, note]));
  const indexed = new Set(state.files.map((file) => file.path));
  const problems: MemoryIndexProblem[] = [];
  for (const file of state.files) {
    const note = listed.get(file.path);
    const problem = (kind: MemoryIndexProblemKind, message: string) =>
      problems.push({ kind, path: file.path, message: `${file.path}: ${message}` });
    if (note === undefined) problem("stale-file", "indexed, but no longer a memory file (deleted, renamed or moved)");
    else if ("skipped" in note) problem("stale-file", `indexed, but can no longer be indexed (${note.skipped})`);
    else if (note.hash !== file.hash) {
      problem("stale-hash", `indexed hash ${short(file.hash)}… differs from the file's sha256 ${short(note.hash)}…`);
    }
  }
  for (const note of state.notes) {
    if ("hash" in note && !indexed.has(note.path)) {
      problems.push({
        kind: "unindexed-file",
        path: note.path,
        message: `${note.path}: a memory file with no index row`,
      });
    }
  }
  return problems;
}

/** What is wrong with the chunks of one kind of problem, as `[one, many]` (`1 chunk has`, `2 chunks have`). */
const CHUNK_PROBLEMS: Record<"orphan-chunk" | "chunk-id" | "chunk-hash" | "chunk-model", [string, string]> = {
  "orphan-chunk": ["belongs to no indexed file", "belong to no indexed file"],
  "chunk-id": [
    "has an id that does not reproduce from source, path, lines, hash and model",
    "have ids that do not reproduce from source, path, lines, hash and model",
  ],
  "chunk-hash": ["has a hash that is not the sha256 of its text", "have hashes that are not the sha256 of their text"],
  "chunk-model": [
    "was embedded with another model than the index's",
    "were embedded with another model than the index's",
  ],
};

function chunkProblems(state: MemoryIndexState): MemoryIndexProblem[] {
  const indexed = new Set(state.files.map((file) => file.path));
  const counts = new Map<string, { kind: keyof typeof CHUNK_PROBLEMS; path: string; count: number }>();
  const add = (kind: keyof typeof CHUNK_PROBLEMS, path: string) => {
    const key = `${path}\u0000${kind}`;
    const entry = counts.get(key) ?? { kind, path, count: 0 };
    counts.set(key, { ...entry, count: entry.count + 1 });
  };
  for (const chunk of state.chunks) {
    if (!indexed.has(chunk.path)) add("orphan-chunk", chunk.path);
    if (sha256Hex(chunk.text) !== chunk.hash) add("chunk-hash", chunk.path);
    if (memoryChunkId(chunk) !== chunk.id) add("chunk-id", chunk.path);
    if (state.meta !== undefined && chunk.model !== state.meta.model) add("chunk-model", chunk.path);
  }
  return [...counts.values()].map(({ kind, path, count }) => ({
    kind,
    path,
    message: `${path}: ${plural(count, "chunk")} ${CHUNK_PROBLEMS[kind][count === 1 ? 0 : 1]}`,
  }));
}

function byPathThenKind(a: MemoryIndexProblem, b: MemoryIndexProblem): number {
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0;
}

/**
 * Index consistency (pure): `chunks_fts` and, when it exists, `chunks_vec` have as many rows as
 * `chunks`; the meta row is readable; every `files` row names a listed, readable memory file
 * whose sha256 is the stored hash, and every readable listed file has a row; every chunk belongs
 * to an indexed file, its hash is the sha256 of its text, its id reproduces (memory.md §3) and
 * its model is the index's. Chunk problems are counted per file and kind. Problems of the
 * tables and meta come first, then those of notes by path, then kind.
 */
export function checkMemoryIndexConsistency(state: MemoryIndexState): MemoryIndexAudit {
  const notes = [...fileProblems(state), ...chunkProblems(state)].sort(byPathThenKind);
  const problems = [...countProblems(state), ...notes];
  return { ok: problems.length === 0, files: state.files.length, chunks: state.chunks.length, problems };
}
