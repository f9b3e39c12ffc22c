import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { type Diagnostic, errorMessage, type FileSystem } from "../domain/index.js";
import type { MemorySource } from "./memory-candidates.js";

/** A file the memory index covers: a Markdown note (memory.md §4.2 step 1) or a session transcript (§10). */
export interface MemoryFileEntry {
  /**
   * Notes: workspace-relative with `/` separators (extra paths outside the workspace keep their
   * `../` form). Transcripts: `sessions/<file>.jsonl`.
   */
  path: string;
  absolutePath: string;
  source: MemorySource;
}

export interface ListMemoryFilesOptions {
  fs: FileSystem;
  /** Absolute workspace folder. */
  workspaceDir: string;
  /** `memorySearch.extraPaths`: relative to the workspace or absolute; a folder means its `.md` files, recursively. */
  extraPaths?: readonly string[];
}

export interface MemoryFileListing {
  files: MemoryFileEntry[];
  /** Folders that could not be read, each naming the folder. */
  diagnostics: Diagnostic[];
}

/** Orders entries by the UTF-8 bytes of their paths, the order every listing returns. */
export function byUtf8Bytes(a: Pick<MemoryFileEntry, "path">, b: Pick<MemoryFileEntry, "path">): number {
  return Buffer.compare(Buffer.from(a.path), Buffer.from(b.path));
}

/** A listed file and its path with symlinks resolved (for deduping). */
interface Found {
  absolutePath: string;
  realPath: string;
}

async function walkMarkdown(
  fs: FileSystem,
  directory: { path: string; realPath: string },
  found: Found[],
  diagnostics: Diagnostic[],
): Promise<void> {
  let entries: Awaited<ReturnType<FileSystem["readDirectory"]>>;
  try {
    entries = await fs.readDirectory(directory.path);
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return;
    diagnostics.push({
      file: directory.path,
      line: 1,
      column: 1,
      path: "",
      expected: "a readable memory folder",
      found: errorMessage(error),
      severity: "warning",
    });
    return;
  }
  // The walk never follows a symlink, so below a resolved folder every name is already real.
  for (const entry of entries) {
    const next = { path: join(directory.path, entry.name), realPath: join(directory.realPath, entry.name) };
    if (entry.kind === "directory") await walkMarkdown(fs, next, found, diagnostics);
    else if (entry.kind === "file" && entry.name.endsWith(".md"))
      found.push({ absolutePath: next.path, realPath: next.realPath });
  }
}

/** The real path, or `undefined` when the path is gone (listed, then removed). */
async function realPathOf(fs: FileSystem, path: string): Promise<string | undefined> {
  try {
    return await fs.realPath(path);
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Adds a path that is a regular `.md` file, or walks a real folder; symlinks and missing paths add nothing. */
async function addPath(fs: FileSystem, path: string, found: Found[], diagnostics: Diagnostic[]): Promise<void> {
  const stat = await fs.lstat(path);
  if (stat?.kind !== "directory" && !(stat?.kind === "file" && path.endsWith(".md"))) return;
  const realPath = await realPathOf(fs, path);
  if (realPath === undefined) return;
  if (stat.kind === "directory") await walkMarkdown(fs, { path, realPath }, found, diagnostics);
  else found.push({ absolutePath: path, realPath });
}

/**
 * Lists the memory files of a workspace (memory.md §4.2 step 1): `MEMORY.md`, `memory.md`, every
 * regular `*.md` under `memory/` (recursive), then the extra paths. Symbolic links (files or
 * folders) are skipped, missing paths ignored; files are deduped by real path (first wins) and
 * sorted by the UTF-8 bytes of their relative path.
 */
export async function listMemoryFiles(options: ListMemoryFilesOptions): Promise<MemoryFileListing> {
  const { fs, workspaceDir } = options;
  const found: Found[] = [];
  const diagnostics: Diagnostic[] = [];
  await addPath(fs, join(workspaceDir, "MEMORY.md"), found, diagnostics);
  await addPath(fs, join(workspaceDir, "memory.md"), found, diagnostics);
  await addPath(fs, join(workspaceDir, "memory"), found, diagnostics);
  for (const extra of options.extraPaths ?? []) {
    await addPath(fs, isAbsolute(extra) ? extra : resolve(workspaceDir, extra), found, diagnostics);
  }
  const seen = new Set<string>();
  const files: MemoryFileEntry[] = [];
  for (const { absolutePath, realPath } of found) {
    if (seen.has(realPath)) continue;
    seen.add(realPath);
    files.push({ path: relative(workspaceDir, absolutePath).split(sep).join("/"), absolutePath, source: "memory" });
  }
  return { files: files.sort(byUtf8Bytes), diagnostics };
}
