import { isAbsolute, relative, sep } from "node:path";
import { isSessionTranscriptName, SESSIONS_PATH_PREFIX } from "./list-session-transcripts.js";

/** How much of the index a search must bring up to date first (memory.md §4.1). */
export type MemorySyncPlan =
  | { kind: "none" }
  | { kind: "full" }
  /** Only these index paths changed: workspace-relative `memory/**.md` notes and `sessions/<id>.jsonl` transcripts. */
  | { kind: "paths"; paths: string[] };

export interface PlanMemorySyncOptions {
  /** Whether a sync has completed on this index before (the first search always syncs in full). */
  synced: boolean;
  /**
   * Paths written since the last sync, each with its folder resolved through symlinks
   * (`realpath(dirname) + basename`); `undefined` when unknown (a command ran).
   */
  changed: readonly string[] | undefined;
  /** The workspace folder, resolved through symlinks. */
  workspaceDir: string;
  /** `memorySearch.extraPaths`: with any, every change means a full sync. */
  extraPaths: readonly string[];
  /**
   * The agent's transcript folder, resolved through symlinks, when session transcripts are a
   * source (memory.md §10); `undefined` when they are not, so transcript writes are irrelevant.
   */
  sessionsDir?: string;
}

/** `path` relative to `folder` with `/` separators; `undefined` when it lies outside it. */
function inside(folder: string, path: string): string | undefined {
  const rel = relative(folder, path).split(sep).join("/");
  return rel === ".." || rel.startsWith("../") || isAbsolute(rel) ? undefined : rel;
}

/** What one write means for the index: nothing, a full sync, or one path to re-check. */
type Verdict = "irrelevant" | "full" | { path: string };

/** A write in or above the transcript folder; `undefined` when the write is elsewhere. */
function sessionsVerdict(sessionsDir: string, path: string): Verdict | undefined {
  const rel = inside(sessionsDir, path);
  if (rel === undefined) {
    // A folder above the transcripts (a removal) may have taken them along.
    return inside(path, sessionsDir) === undefined ? undefined : "full";
  }
  if (rel === "") return "full";
  if (isSessionTranscriptName(rel)) return { path: `${SESSIONS_PATH_PREFIX}${rel}` };
  // `X.JSONL` is not listed, yet on a case-folding file system it may be a listed transcript.
  return isSessionTranscriptName(rel.toLowerCase()) ? "full" : "irrelevant";
}

function notesVerdict(workspaceDir: string, path: string): Verdict {
  const rel = inside(workspaceDir, path);
  if (rel === undefined) {
    // The workspace itself or a folder above it (a removal) may have taken the notes along.
    return inside(path, workspaceDir) === undefined ? "irrelevant" : "full";
  }
  const folded = rel.toLowerCase();
  if (rel === "" || folded === "memory.md" || folded === "memory") return "full";
  if (!folded.startsWith("memory/")) return "irrelevant";
  return rel.startsWith("memory/") && rel.endsWith(".md") ? { path: rel } : "full";
}

/**
 * Decides what a search syncs first, the deterministic stand-in for the watcher's dirty flag:
 * nothing when no write happened; only the written files when every relevant write is a `.md`
 * note under `memory/` or, with `sessionsDir`, a `*.jsonl` transcript directly inside it (so a
 * turn appended to a transcript re-checks that transcript alone); a full sync on first use, after
 * an unknown change, with extra paths, or when a write touched `MEMORY.md`, `memory.md`, the
 * `memory` folder itself, a non-`.md` path inside it (a folder removal), the transcript folder
 * or a folder above either. Other writes (lock files and nested folders beside the transcripts
 * included) are irrelevant. Note paths compare case-insensitively, so a case-folding file system
 * cannot slip a note past the check. Pure.
 */
export function planMemorySync(options: PlanMemorySyncOptions): MemorySyncPlan {
  if (!options.synced || options.changed === undefined) return { kind: "full" };
  if (options.changed.length === 0) return { kind: "none" };
  if (options.extraPaths.length > 0) return { kind: "full" };
  const paths = new Set<string>();
  for (const path of options.changed) {
    const verdict =
      (options.sessionsDir === undefined ? undefined : sessionsVerdict(options.sessionsDir, path)) ??
      notesVerdict(options.workspaceDir, path);
    if (verdict === "full") return { kind: "full" };
    if (verdict !== "irrelevant") paths.add(verdict.path);
  }
  return paths.size === 0 ? { kind: "none" } : { kind: "paths", paths: [...paths].sort() };
}
