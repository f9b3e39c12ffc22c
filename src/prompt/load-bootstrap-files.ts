import { join, relative, sep } from "node:path";
import type { Runtime } from "../domain/index.js";
import {
  BOOTSTRAP_FILE_NAMES,
  BOOTSTRAP_READ_LIMIT_BYTES,
  type BootstrapFile,
  MEMORY_FILE_NAMES,
} from "./bootstrap-files.js";

export type BootstrapSkipReason = "symlink-escape" | "not-a-file" | "oversize" | "unreadable";

export interface BootstrapWarning {
  path: string;
  reason: BootstrapSkipReason;
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !rel.startsWith(sep));
}

async function readGuarded(
  path: string,
  rootReal: string,
  runtime: Runtime,
): Promise<{ content: string } | { reason: BootstrapSkipReason }> {
  let real: string;
  try {
    real = await runtime.fs.realPath(path);
  } catch (error) {
    return { reason: (error as { code?: string }).code === "ENOENT" ? "not-a-file" : "unreadable" };
  }
  if (!isInside(rootReal, real)) return { reason: "symlink-escape" };
  const stats = await runtime.fs.stat(real);
  if (stats === undefined || stats.kind !== "file") return { reason: "not-a-file" };
  if (stats.size > BOOTSTRAP_READ_LIMIT_BYTES) return { reason: "oversize" };
  try {
    return { content: await runtime.fs.readText(real) };
  } catch {
    return { reason: "unreadable" };
  }
}

/**
 * Loads the workspace bootstrap files (spec/prompt.md §9.1–9.2): the seven fixed names, each
 * loaded or missing, then `MEMORY.md` / `memory.md` when they exist. A file that fails a
 * reading guard is missing and reported in `warnings`. A file that simply does not exist is
 * missing without a warning.
 */
export async function loadBootstrapFiles(
  workspaceDir: string,
  runtime: Runtime,
): Promise<{ files: BootstrapFile[]; warnings: BootstrapWarning[] }> {
  const warnings: BootstrapWarning[] = [];
  let rootReal = workspaceDir;
  try {
    rootReal = await runtime.fs.realPath(workspaceDir);
  } catch {
    rootReal = workspaceDir;
  }
  const entries = await runtime.fs.readDirectory(workspaceDir).catch((error: { code?: string }) => {
    if (error.code === "ENOENT" || error.code === "ENOTDIR") return [];
    throw error;
  });
  const present = new Set(entries.map((entry) => entry.name));
  const load = async (name: string): Promise<BootstrapFile> => {
    const path = join(workspaceDir, name);
    if (!present.has(name)) return { name, path, missing: true };
    const read = await readGuarded(path, rootReal, runtime);
    if ("reason" in read) {
      warnings.push({ path, reason: read.reason });
      return { name, path, missing: true };
    }
    return { name, path, content: read.content, missing: false };
  };
  const files = await Promise.all(BOOTSTRAP_FILE_NAMES.map(load));
  const memoryFiles: BootstrapFile[] = [];
  let upperReal: string | undefined;
  for (const name of MEMORY_FILE_NAMES) {
    if (!present.has(name)) continue;
    const path = join(workspaceDir, name);
    const real = await runtime.fs.realPath(path).catch(() => path);
    if (name === "memory.md" && upperReal !== undefined && upperReal === real) continue;
    if (name === "MEMORY.md") upperReal = real;
    memoryFiles.push(await load(name));
  }
  return { files: [...files, ...memoryFiles], warnings };
}
