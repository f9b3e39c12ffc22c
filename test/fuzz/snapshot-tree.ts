import { createHash } from "node:crypto";
import { chmodSync, lstatSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

/** Every entry below `dir` with its kind, size, mode and content hash. */
export function snapshotTree(dir: string): Map<string, string> {
  const state = new Map<string, string>();
  const walk = (path: string): void => {
    const stats = lstatSync(path);
    if (stats.isDirectory()) {
      state.set(path, `dir:${stats.mode}`);
      for (const name of readdirSync(path).sort()) walk(join(path, name));
      return;
    }
    const hash = stats.isFile() ? createHash("sha1").update(readFileSync(path)).digest("hex") : "";
    state.set(path, `${stats.isFile() ? "file" : "other"}:${stats.size}:${stats.mode}:${stats.mtimeMs}:${hash}`);
  };
  walk(dir);
  return state;
}

/** Removes a tree, making read-only folders writable first if a plain removal is refused. */
export function removeTree(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    const unlock = (entry: string): void => {
      try {
        if (!lstatSync(entry).isDirectory()) return;
        chmodSync(entry, 0o755);
        for (const name of readdirSync(entry)) unlock(join(entry, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    };
    unlock(path);
    rmSync(path, { recursive: true, force: true });
  }
}
