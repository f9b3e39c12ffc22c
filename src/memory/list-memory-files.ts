import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { type Diagnostic, errorMessage, type FileSystem } from "../domain/index.js";

/** A Markdown file the memory index covers (memory.md §4.2 step 1). */
export interface MemoryFileEntry {
  /** Workspace-relative with `/` separators; extra paths outside the workspace keep their `../` form. */
  path: string;
  absolutePath: string;
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

function byUtf8Bytes(a: MemoryFileEntry, b: MemoryFileEntry): number {
  return Buffer.compare(Buffer.from(a.path), Buffer.from(b.path));
}

async function walkMarkdown(
  fs: FileSystem,
  directory: string,
  found: string[],
  diagnostics: Diagnostic[],
): Promise<void> {
  let entries: Awaited<ReturnType<FileSystem["readDirectory"]>>;
  try {
    entries = await fs.readDirectory(directory);
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return;
    diagnostics.push({
      file: directory,
      line: 1,
      column: 1,
      path: "",
      expected: "a readable memory folder",
      found: errorMessage(error),
      severity: "warning",
    });
    return;
  }
  for (const entry of entries) {
    const path = join(directory, entry.name);
    if (entry.kind === "directory") await walkMarkdown(fs, path, found, diagnostics);
    else if (entry.kind === "file" && entry.name.endsWith(".md")) found.push(path);
  }
}

/** Adds a path that is a regular `.md` file, or walks a real folder; symlinks and missing paths add nothing. */
async function addPath(fs: FileSystem, path: string, found: string[], diagnostics: Diagnostic[]): Promise<void> {
  const stat = await fs.lstat(path);
  if (stat?.kind === "directory") await walkMarkdown(fs, path, found, diagnostics);
  else if (stat?.kind === "file" && path.endsWith(".md")) found.push(path);
}

/**
 * Lists the memory files of a workspace (memory.md §4.2 step 1): `MEMORY.md`, `memory.md`, every
 * regular `*.md` under `memory/` (recursive), then the extra paths. Symbolic links (files or
 * folders) are skipped, missing paths ignored; files are deduped by real path (first wins) and
 * sorted by the UTF-8 bytes of their relative path.
 */
export async function listMemoryFiles(options: ListMemoryFilesOptions): Promise<MemoryFileListing> {
  const { fs, workspaceDir } = options;
  const found: string[] = [];
  const diagnostics: Diagnostic[] = [];
  await addPath(fs, join(workspaceDir, "MEMORY.md"), found, diagnostics);
  await addPath(fs, join(workspaceDir, "memory.md"), found, diagnostics);
  await addPath(fs, join(workspaceDir, "memory"), found, diagnostics);
  for (const extra of options.extraPaths ?? []) {
    await addPath(fs, isAbsolute(extra) ? extra : resolve(workspaceDir, extra), found, diagnostics);
  }
  const seen = new Set<string>();
  const files: MemoryFileEntry[] = [];
  for (const absolutePath of found) {
    let real: string;
    try {
      real = await fs.realPath(absolutePath);
    } catch (error) {
      // Gone since it was listed: the next sync treats it as deleted.
      if ((error as { code?: string }).code === "ENOENT") continue;
      throw error;
    }
    if (seen.has(real)) continue;
    seen.add(real);
    files.push({ path: relative(workspaceDir, absolutePath).split(sep).join("/"), absolutePath });
  }
  return { files: files.sort(byUtf8Bytes), diagnostics };
}
