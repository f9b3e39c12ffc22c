import { join } from "node:path";
import type { FileSystem, HostFileSystem } from "../domain/index.js";
import { ClawEvalError } from "../domain/index.js";
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
