import { isAbsolute, join, resolve } from "node:path";
import type { Diagnostic, Runtime } from "../domain/index.js";
import { isInsideRoot } from "../platform/is-inside-root.js";
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

export interface LoadedBootstrapFiles {
  files: BootstrapFile[];
  /** One per file that failed a reading guard (§9.2), in file order. */
  warnings: BootstrapWarning[];
  /** The same problems as `Diagnostic`s (severity `warning`). */
  diagnostics: Diagnostic[];
}

const REASON_TEXT: Record<BootstrapSkipReason, string> = {
  "symlink-escape": "symlink-escape (its real path is outside the workspace)",
  "not-a-file": "not-a-file (not a regular file)",
  oversize: `oversize (larger than ${BOOTSTRAP_READ_LIMIT_BYTES} bytes)`,
  unreadable: "unreadable (reading it failed)",
};

function toDiagnostic(warning: BootstrapWarning): Diagnostic {
  return {
    file: warning.path,
    line: 1,
    column: 1,
    path: "",
    expected: `a regular file of at most ${BOOTSTRAP_READ_LIMIT_BYTES} bytes inside the workspace`,
    found: REASON_TEXT[warning.reason],
    severity: "warning",
  };
}

/** `~` expansion against the injected home, then normalisation of absolute paths. */
function resolveWorkspaceDir(workspaceDir: string, homeDir: string): string {
  const trimmed = workspaceDir.trim();
  const expanded =
    trimmed === "~"
      ? homeDir
      : trimmed.startsWith("~/") || trimmed.startsWith("~\\")
        ? join(homeDir, trimmed.slice(2))
        : trimmed;
  return isAbsolute(expanded) ? resolve(expanded) : expanded;
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
  if (!isInsideRoot({ root: rootReal, path: real })) return { reason: "symlink-escape" };
  const stats = await runtime.fs.stat(real).catch(() => null);
  if (stats === null) return { reason: "unreadable" };
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
 * loaded or missing, then `MEMORY.md` / `memory.md` when they exist (only `MEMORY.md` when
 * both resolve to the same real file). A file that fails a reading guard is missing and
 * reported; a file that does not exist is missing without a report. Paths are absolute.
 */
export async function loadBootstrapFiles(workspaceDir: string, runtime: Runtime): Promise<LoadedBootstrapFiles> {
  const root = resolveWorkspaceDir(workspaceDir, runtime.homeDir);
  const warnings: BootstrapWarning[] = [];
  const rootReal = await runtime.fs.realPath(root).catch(() => root);
  // An lstat failure other than "missing" counts as present, so the read guard reports it.
  const exists = async (path: string): Promise<boolean> =>
    (await runtime.fs.lstat(path).catch(() => null)) !== undefined;
  const load = async (name: string): Promise<BootstrapFile> => {
    const path = join(root, name);
    if (!(await exists(path))) return { name, path, missing: true };
    const read = await readGuarded(path, rootReal, runtime);
    if ("reason" in read) {
      warnings.push({ path, reason: read.reason });
      return { name, path, missing: true };
    }
    return { name, path, content: read.content, missing: false };
  };
  const files: BootstrapFile[] = [];
  for (const name of BOOTSTRAP_FILE_NAMES) files.push(await load(name));
  const memoryReals = new Set<string>();
  for (const name of MEMORY_FILE_NAMES) {
    const path = join(root, name);
    if (!(await exists(path))) continue;
    const real = await runtime.fs.realPath(path).catch(() => path);
    if (memoryReals.has(real)) continue;
    memoryReals.add(real);
    files.push(await load(name));
  }
  return { files, warnings, diagnostics: warnings.map(toDiagnostic) };
}
