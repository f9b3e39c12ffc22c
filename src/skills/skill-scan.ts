import type { Diagnostic, FileStat, FileSystem } from "../domain/index.js";
import { createSkillDiagnostic } from "./create-skill-diagnostic.js";
import type { SkillParseCache } from "./create-skill-parse-cache.js";
import type { SkillDiagnostic, SkillEntry, SkillSource, SkipReason } from "./skill-types.js";

/** A file or folder discovery could not use, as reported in `sources[].skipped` (spec/skills.md §14). */
export interface SkippedSkill {
  path: string;
  reason: SkipReason;
  detail?: string;
}

/** What scanning part of one root produced, in load order. */
export interface SkillScan {
  entries: SkillEntry[];
  skipped: SkippedSkill[];
  diagnostics: Diagnostic[];
}

/** What every step of scanning one root shares. */
export interface SkillScanContext {
  fs: FileSystem;
  source: SkillSource;
  /** Real path of the root: symlinks must resolve inside it (§4.5). */
  rootReal: string;
  /** Child folders, and candidate files of one folder, scanned at once. */
  concurrency: number;
  /** Parse results kept across discoveries, keyed by path, size and mtime. */
  parseCache?: SkillParseCache;
}

export function emptySkillScan(): SkillScan {
  return { entries: [], skipped: [], diagnostics: [] };
}

/** Appends `part` to `into` (in place) and returns `into`. */
export function appendSkillScan(into: SkillScan, part: SkillScan): SkillScan {
  into.entries.push(...part.entries);
  into.skipped.push(...part.skipped);
  into.diagnostics.push(...part.diagnostics);
  return into;
}

export function symlinkOutsideRootDiagnostic(link: string, target: string, rootReal: string): SkillDiagnostic {
  return createSkillDiagnostic({
    file: link,
    code: "symlink-outside-root",
    severity: "error",
    expected: `a symlink resolving inside the skill root ${rootReal}`,
    found: `${link} -> ${target}`,
  });
}

/** A failed file-system call, as an error diagnostic instead of a throw. */
export function unreadableDiagnostic(path: string, error: unknown): Diagnostic {
  const code = (error as { code?: unknown } | undefined)?.code;
  return {
    file: path,
    line: 1,
    column: 1,
    path: "",
    expected: "a readable file or folder",
    found: typeof code === "string" ? code : String(error),
    severity: "error",
  };
}

/** Runs one file-system call; a rejection becomes a diagnostic in `scan` and `undefined`. */
export async function attempt<T>(scan: SkillScan, path: string, operation: () => Promise<T>): Promise<T | undefined> {
  try {
    return await operation();
  } catch (error) {
    scan.diagnostics.push(unreadableDiagnostic(path, error));
    return undefined;
  }
}

/** Follows a symlink: its target's stat, or a `broken-symlink` skip (missing target, loop, no access). */
export async function followSymlink(fs: FileSystem, path: string): Promise<FileStat | SkippedSkill> {
  try {
    return (await fs.stat(path)) ?? { path, reason: "broken-symlink" };
  } catch (error) {
    const code = (error as { code?: unknown } | undefined)?.code;
    return { path, reason: "broken-symlink", detail: typeof code === "string" ? code : String(error) };
  }
}

/** A plugin declared a skill folder that does not exist. */
export function missingPluginRootWarning(root: string, plugin: string): Diagnostic {
  return {
    file: root,
    line: 1,
    column: 1,
    path: "skills",
    expected: `a skill folder declared by plugin ${plugin}`,
    found: "nothing",
    severity: "warning",
  };
}

/** A root with more child folders than `maxCandidatesPerRoot`. */
export function largeRootWarning(base: string, count: number, limit: number): SkillDiagnostic {
  return createSkillDiagnostic({
    file: base,
    code: "suspiciously-large-root",
    severity: "warning",
    path: "skills.limits.maxCandidatesPerRoot",
    expected: `at most ${limit} skill folders`,
    found: `${count}`,
  });
}
