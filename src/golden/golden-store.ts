import { join } from "node:path";
import type { FileSystem, HostFileSystem } from "../domain/index.js";
import { ClawEvalError } from "../domain/index.js";
import { isInsideRoot } from "../platform/is-inside-root.js";
import { parseGoldenFile } from "./golden-file-text.js";

/** The prompt a golden file holds (see `parseGoldenFile`), or `undefined` when there is no such file. */
export async function readGoldenFile(options: { fs: FileSystem; path: string }): Promise<string | undefined> {
  const stat = await options.fs.stat(options.path);
  if (stat === undefined) return undefined;
  if (stat.kind !== "file") {
    throw new ClawEvalError("io", `golden path ${options.path} is a ${stat.kind}, not a file`);
  }
  return parseGoldenFile(await options.fs.readText(options.path));
}

/** Writes a golden file's whole content atomically, creating its folder. */
export async function writeGoldenFile(options: { fs: HostFileSystem; path: string; content: string }): Promise<void> {
  await options.fs.writeTextAtomic(options.path, options.content);
}

/** Absolute paths of the `.md` files directly in `folder`, sorted; none when it does not exist. */
export async function listGoldenFiles(options: { fs: FileSystem; folder: string }): Promise<string[]> {
  const stat = await options.fs.stat(options.folder);
  if (stat?.kind !== "directory") return [];
  const entries = await options.fs.readDirectory(options.folder);
  return entries
    .filter((entry) => entry.kind === "file" && entry.name.endsWith(".md"))
    .map((entry) => join(options.folder, entry.name));
}

/**
 * Removes obsolete golden files (absolute paths), one at a time in the order given. Only a
 * `.md` regular file (not a link) whose real path is inside `root` is removed; any other path is left in place and
 * returned in `kept`, so a golden path that climbs out of the project can never delete a file
 * there.
 */
export async function removeGoldenFiles(options: {
  fs: HostFileSystem;
  root: string;
  files: readonly string[];
}): Promise<{ removed: string[]; kept: string[] }> {
  const removed: string[] = [];
  const kept: string[] = [];
  const root = await options.fs.realPath(options.root);
  for (const file of options.files) {
    const stat = await options.fs.lstat(file);
    // The real path, so a linked folder on the way cannot lead out of the root.
    const removable =
      stat?.kind === "file" && file.endsWith(".md") && isInsideRoot({ root, path: await options.fs.realPath(file) });
    if (!removable) {
      kept.push(file);
      continue;
    }
    await options.fs.remove(file);
    removed.push(file);
  }
  return { removed, kept };
}
