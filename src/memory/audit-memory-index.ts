import { errorMessage, type FileSystem, type MemoryIndexAudit } from "../domain/index.js";
import { checkMemoryIndexConsistency, type ListedMemoryNote } from "./check-memory-index-consistency.js";
import { listIndexedFiles } from "./list-indexed-files.js";
import type { MemoryNoteText } from "./measure-citation-validity.js";
import type { MemorySource } from "./memory-candidates.js";
import { readMemoryFile } from "./read-memory-file.js";
import type { MemoryStoreConnection } from "./sqlite-memory-store-types.js";

export interface AuditMemoryIndexOptions {
  /** The index to audit; only read. */
  connection: MemoryStoreConnection;
  fs: FileSystem;
  /** Absolute workspace folder. */
  workspaceDir: string;
  /** `memorySearch.extraPaths`, as the sync lists them. */
  extraPaths?: readonly string[];
  /** `memorySearch.sources`. */
  sources: readonly MemorySource[];
  /** The session transcripts folder when transcripts are a source (`MemoryIndexStore.sessionsDir`). */
  sessionsDir?: string;
}

export interface MemoryIndexAuditResult {
  audit: MemoryIndexAudit;
  /** The indexed notes that can be read now, for citation checks; sorted by path. */
  notes: MemoryNoteText[];
}

/**
 * Audits a memory index against the notes on disk (memory.md §12.4): reads the index's counts,
 * meta, files and chunks, lists and reads the memory files (and transcripts) the way a sync does, and checks them
 * with {@link checkMemoryIndexConsistency}. It does not sync first: call the index's `sync` for
 * an audit of what a sync leaves behind. Never throws: a failed read comes back as an
 * `audit-failed` problem.
 */
export async function auditMemoryIndex(options: AuditMemoryIndexOptions): Promise<MemoryIndexAuditResult> {
  const { connection, fs, workspaceDir } = options;
  try {
    const listing = await listIndexedFiles({
      fs,
      workspaceDir,
      sources: options.sources,
      ...(options.extraPaths ? { extraPaths: options.extraPaths } : {}),
      ...(options.sessionsDir === undefined ? {} : { sessionsDir: options.sessionsDir }),
    });
    const files = connection.listFiles();
    const indexed = new Set(files.map((file) => file.path));
    const listed: ListedMemoryNote[] = [];
    const notes: MemoryNoteText[] = [];
    for (const entry of listing.files) {
      const read = await readMemoryFile(fs, entry);
      if (!read.ok) {
        listed.push({ path: entry.path, skipped: read.reason });
        continue;
      }
      listed.push({ path: entry.path, hash: read.hash });
      if (indexed.has(entry.path)) notes.push({ path: entry.path, text: read.text });
    }
    const audit = checkMemoryIndexConsistency({
      counts: connection.counts(),
      meta: connection.readMeta(),
      files,
      chunks: connection.listChunks(),
      notes: listed,
    });
    return { audit, notes };
  } catch (error) {
    const message = `the index could not be audited: ${errorMessage(error)}`;
    return {
      audit: { ok: false, files: 0, chunks: 0, problems: [{ kind: "audit-failed", path: "index", message }] },
      notes: [],
    };
  }
}
