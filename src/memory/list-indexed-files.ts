import { join } from "node:path";
import type { FileSystem } from "../domain/index.js";
import { byUtf8Bytes, listMemoryFiles, type MemoryFileEntry, type MemoryFileListing } from "./list-memory-files.js";
import { listSessionTranscripts, sessionTranscriptEntry } from "./list-session-transcripts.js";
import type { MemorySource } from "./memory-candidates.js";

export interface ListIndexedFilesOptions {
  fs: FileSystem;
  /** Absolute workspace folder. */
  workspaceDir: string;
  /** `memorySearch.extraPaths`. */
  extraPaths?: readonly string[];
  /** `memorySearch.sources`: the notes are listed only when it names `"memory"`. */
  sources: readonly MemorySource[];
  /** The agent's transcript folder when the sessions source is on (memory.md §10), else `undefined`. */
  sessionsDir?: string;
}

/**
 * Every file the index covers: the notes ({@link listMemoryFiles}) when `"memory"` is a source,
 * then the session transcripts when `sessionsDir` is set, together sorted by the UTF-8 bytes of
 * their paths. The two never share a path (`.md` notes, `sessions/*.jsonl` transcripts).
 */
export async function listIndexedFiles(options: ListIndexedFilesOptions): Promise<MemoryFileListing> {
  const listings: MemoryFileListing[] = [];
  if (options.sources.includes("memory")) {
    listings.push(
      await listMemoryFiles({
        fs: options.fs,
        workspaceDir: options.workspaceDir,
        ...(options.extraPaths === undefined ? {} : { extraPaths: options.extraPaths }),
      }),
    );
  }
  if (options.sessionsDir !== undefined) {
    listings.push(await listSessionTranscripts({ fs: options.fs, sessionsDir: options.sessionsDir }));
  }
  return {
    files: listings.flatMap((listing) => listing.files).sort(byUtf8Bytes),
    diagnostics: listings.flatMap((listing) => listing.diagnostics),
  };
}

/**
 * The entries of index paths (a targeted sync's `only`) that are regular files now: a
 * `sessions/<file>.jsonl` path is a transcript when `sessionsDir` is set; any other path is a
 * workspace note when `"memory"` is a source. Paths of neither kind, and missing files, are left out.
 */
export async function resolveIndexedPaths(
  options: Omit<ListIndexedFilesOptions, "extraPaths"> & { paths: readonly string[] },
): Promise<MemoryFileEntry[]> {
  const entries: MemoryFileEntry[] = [];
  for (const path of options.paths) {
    const transcript =
      options.sessionsDir === undefined
        ? undefined
        : sessionTranscriptEntry({ sessionsDir: options.sessionsDir, path });
    const entry: MemoryFileEntry | undefined =
      transcript ??
      (options.sources.includes("memory")
        ? { path, absolutePath: join(options.workspaceDir, ...path.split("/")), source: "memory" }
        : undefined);
    if (entry !== undefined && (await options.fs.lstat(entry.absolutePath))?.kind === "file") entries.push(entry);
  }
  return entries;
}
