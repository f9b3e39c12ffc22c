import type { FileSystem } from "../domain/index.js";
import type { MemoryFileEntry } from "./list-memory-files.js";
import type { IndexedMemoryFile } from "./sqlite-memory-store-types.js";

/** File stats in flight at once while looking for changed files. */
const STAT_CONCURRENCY = 32;

/** Maps `items` through `run` with at most `concurrency` calls in flight; results in input order. */
async function mapInOrder<T, R>(items: readonly T[], concurrency: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

export interface FindChangedMemoryFilesOptions {
  fs: FileSystem;
  /** The listed files, in listing order. */
  files: readonly MemoryFileEntry[];
  /** The `files` rows of the index by path. */
  known: ReadonlyMap<string, IndexedMemoryFile>;
}

/**
 * Files that may have changed, in input order: unknown ones, and known ones whose size or mtime
 * (to the ms) differs from their row. Unchanged size and mtime skip reading and hashing, as git
 * does; a file rewritten to the same size within the same millisecond waits for the next change.
 * At most 32 stats run at once.
 */
export async function findChangedMemoryFiles(options: FindChangedMemoryFilesOptions): Promise<MemoryFileEntry[]> {
  const { files, known } = options;
  const changed = await mapInOrder(files, STAT_CONCURRENCY, async (entry) => {
    const prior = known.get(entry.path);
    if (prior === undefined) return true;
    const stat = await options.fs.lstat(entry.absolutePath);
    return !(stat?.kind === "file" && stat.size === prior.size && Math.floor(stat.mtimeMs) === prior.mtime);
  });
  return files.filter((_, index) => changed[index]);
}
