import { join, relative, sep } from "node:path";
import type { FileSystem } from "../domain/index.js";
import { sha256Hex } from "../memory/sqlite-memory-store-ids.js";

/** The regular files of a workspace at one moment, to tell what a run changed. */
export interface WorkspaceSnapshot {
  /** Workspace-relative path (`/` separators) → sha256 hex of the bytes, or `unreadable:<code>`. */
  hashes: Map<string, string>;
  /** The bytes of the `keep` files that existed. */
  kept: Map<string, Uint8Array>;
}

export interface LoadWorkspaceSnapshotOptions {
  fs: FileSystem;
  /** Absolute workspace folder. */
  workspaceDir: string;
  /** Absolute folders left out (the runtime's state and home when they lie inside the workspace). */
  exclude?: readonly string[];
  /** Workspace-relative files whose bytes are kept as well as hashed. */
  keep?: readonly string[];
}

function codeOf(error: unknown): string {
  return (error as { code?: string }).code ?? "unknown";
}

/**
 * Hashes every regular file under the workspace (symbolic links are not followed). Never
 * throws: a file that cannot be read is recorded as `unreadable:<errno code>`, so it still shows
 * up when it appears, disappears or becomes readable; a folder that cannot be listed adds nothing.
 */
export async function loadWorkspaceSnapshot(options: LoadWorkspaceSnapshotOptions): Promise<WorkspaceSnapshot> {
  const { fs, workspaceDir } = options;
  const excluded = new Set(options.exclude ?? []);
  const keep = new Set(options.keep ?? []);
  const snapshot: WorkspaceSnapshot = { hashes: new Map(), kept: new Map() };
  const walk = async (directory: string): Promise<void> => {
    let entries: Awaited<ReturnType<FileSystem["readDirectory"]>>;
    try {
      entries = await fs.readDirectory(directory);
    } catch {
      // Gone or unreadable: none of its files can be seen to change.
      return;
    }
    for (const entry of entries) {
      const path = join(directory, entry.name);
      if (entry.kind === "directory" && !excluded.has(path)) await walk(path);
      if (entry.kind !== "file") continue;
      const name = relative(workspaceDir, path).split(sep).join("/");
      try {
        const bytes = await fs.readBytes(path);
        snapshot.hashes.set(name, sha256Hex(bytes));
        if (keep.has(name)) snapshot.kept.set(name, bytes);
      } catch (error) {
        snapshot.hashes.set(name, `unreadable:${codeOf(error)}`);
      }
    }
  };
  await walk(workspaceDir);
  return snapshot;
}
