import { posix } from "node:path";
import { ClawEvalError } from "../domain/errors.js";
import { isInsideRoot } from "../platform/is-inside-root.js";

export interface ResolveMemoryGetPathOptions {
  /** Absolute workspace directory, `/` separators. */
  workspaceDir: string;
  /** The `path` argument of `memory_get`: workspace-relative or absolute. */
  path: string;
  /** `memorySearch.extraPaths` as configured: relative to the workspace or absolute; folders or `.md` files. */
  extraPaths: readonly string[];
}

/**
 * Where `memory_get` may read, decided on strings alone. When `allowed`, the caller must still
 * check that the real path of `absolutePath` equals `root` or lies inside it (symlink escapes are
 * refused, memory.md §7.2) before reading.
 */
export type MemoryGetPathResolution = { allowed: true; absolutePath: string; root: string } | { allowed: false };

function isWorkspaceMemoryPath(relative: string): boolean {
  return relative === "MEMORY.md" || relative === "memory.md" || relative.startsWith("memory/");
}

/**
 * Applies the `memory_get` path rules (memory.md §7.2) after normalising `.` and `..`: the path
 * must end in `.md` and be `MEMORY.md`, `memory.md` or under `memory/` inside the workspace, or
 * lie inside an extra folder, or equal an extra `.md` file. So `../x.md`, `memory/../SOUL.md`
 * and `notes.txt` are refused. Pure (no file system); throws a `ClawEvalError` when
 * `workspaceDir` is not absolute.
 */
export function resolveMemoryGetPath(options: ResolveMemoryGetPathOptions): MemoryGetPathResolution {
  if (!posix.isAbsolute(options.workspaceDir)) {
    throw new ClawEvalError("invariant", `workspaceDir must be absolute, got "${options.workspaceDir}"`);
  }
  const workspace = posix.normalize(options.workspaceDir);
  const requested = options.path.trim();
  if (requested === "") return { allowed: false };
  const absolutePath = posix.resolve(workspace, requested);
  if (!absolutePath.endsWith(".md")) return { allowed: false };
  if (
    isInsideRoot({ root: workspace, path: absolutePath }) &&
    isWorkspaceMemoryPath(posix.relative(workspace, absolutePath))
  ) {
    return { allowed: true, absolutePath, root: workspace };
  }
  for (const extra of options.extraPaths) {
    if (extra.trim() === "") continue;
    const root = posix.resolve(workspace, extra.trim());
    if (isInsideRoot({ root, path: absolutePath })) return { allowed: true, absolutePath, root };
  }
  return { allowed: false };
}
