import { join } from "node:path";
import type { DirectoryEntry, FileSystem } from "../domain/index.js";

/** Folders a recursive search never enters. */
export const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set([".git", "node_modules"]);

export interface TreeEntry {
  /** Path relative to the listed directory, `/`-separated. */
  relativePath: string;
  /** As `lstat` sees it: a symlink is reported as `symlink` and never followed. */
  kind: DirectoryEntry["kind"];
}

/**
 * Every entry below `directory`, recursively, sorted by relative path (code unit order).
 * Symlinks are listed but not followed, so the walk cannot leave the directory or loop;
 * {@link SKIPPED_DIRECTORIES} are left out with their contents.
 */
export async function listTree(options: {
  fs: FileSystem;
  directory: string;
  signal?: AbortSignal;
}): Promise<TreeEntry[]> {
  const entries: TreeEntry[] = [];
  const pending: string[] = [""];
  for (let prefix = pending.pop(); prefix !== undefined; prefix = pending.pop()) {
    options.signal?.throwIfAborted();
    for (const entry of await options.fs.readDirectory(join(options.directory, prefix))) {
      if (entry.kind === "directory" && SKIPPED_DIRECTORIES.has(entry.name)) continue;
      const relativePath = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
      entries.push({ relativePath, kind: entry.kind });
      if (entry.kind === "directory") pending.push(relativePath);
    }
  }
  return entries.sort((a, b) => (a.relativePath < b.relativePath ? -1 : a.relativePath > b.relativePath ? 1 : 0));
}
