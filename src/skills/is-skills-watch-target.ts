import { isAbsolute, relative } from "node:path";

/** Path segments the skills watcher never looks into (spec/skills.md §12.3). */
export const SKILLS_WATCH_IGNORED_SEGMENTS: ReadonlySet<string> = new Set([
  ".git",
  "node_modules",
  "dist",
  ".venv",
  "venv",
  "__pycache__",
  ".mypy_cache",
  ".pytest_cache",
  "build",
  ".cache",
]);

/** The segments of `path` below `base`, `[]` for `base` itself, `undefined` when outside it. */
function segmentsBelow(base: string, path: string): string[] | undefined {
  const rest = relative(base, path);
  if (rest === "") return [];
  if (rest === ".." || rest.startsWith("../") || rest.startsWith("..\\") || isAbsolute(rest)) return undefined;
  return rest.split(/[\\/]/);
}

const hasIgnoredSegment = (segments: readonly string[]) =>
  segments.some((segment) => SKILLS_WATCH_IGNORED_SEGMENTS.has(segment));

/**
 * Whether a change to `path` may change the skills (spec/skills.md §12.3): it is `<root>/SKILL.md`
 * or `<root>/<child>/SKILL.md` for one of the roots, with no ignored segment below the root (the
 * root's own path may contain any name). Deeper files and other files are not targets. Pure.
 */
export function isSkillsWatchTarget(path: string, roots: readonly string[]): boolean {
  return roots.some((root) => {
    const segments = segmentsBelow(root, path);
    return (
      segments !== undefined &&
      segments.length >= 1 &&
      segments.length <= 2 &&
      segments[segments.length - 1] === "SKILL.md" &&
      !hasIgnoredSegment(segments)
    );
  });
}

/**
 * Whether the watcher needs to look at `path`: an ancestor of a root (so a root created later is
 * seen), a root, or an entry at most two levels below a root with no ignored segment. Everything
 * else is skipped, which keeps the watch from descending into unrelated folders. Pure.
 */
export function isInSkillsWatchScope(path: string, roots: readonly string[]): boolean {
  return roots.some((root) => {
    if (segmentsBelow(path, root) !== undefined) return true;
    const segments = segmentsBelow(root, path);
    return segments !== undefined && segments.length <= 2 && !hasIgnoredSegment(segments);
  });
}
