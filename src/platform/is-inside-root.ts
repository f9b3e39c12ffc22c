import { isAbsolute, relative, sep } from "node:path";

export interface IsInsideRootOptions {
  /** The folder that must contain `path`: absolute. */
  root: string;
  /** The path to check: absolute. */
  path: string;
}

/**
 * Whether `path` is `root` itself or lies below it. Both are normalised first, so `..` segments
 * cannot climb out, and the comparison is segment-wise: `/ws/..notes` is inside `/ws`, `/ws2`
 * is not. Compares strings only; pass real paths to rule out symlink escapes. Pure.
 */
export function isInsideRoot(options: IsInsideRootOptions): boolean {
  const { root, path } = options;
  if (path === root) return true;
  const rel = relative(root, path);
  return rel === "" || !(rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel));
}
