import { join } from "node:path";
import type { DirectoryEntry, FileSystem } from "../domain/index.js";
import { followSymlink, type SkippedSkill } from "./skill-scan.js";

/** A child folder of a skill root's base that may hold a skill (spec/skills.md §4.3 step 1). */
export interface SkillCandidate {
  name: string;
  path: string;
  /** Reached through a symlink: its real path must be checked against the root (§4.5). */
  isSymlink: boolean;
}

export interface ListSkillCandidatesOptions {
  fs: FileSystem;
  /** The folder listed. */
  base: string;
  /** Its sorted listing. */
  entries: readonly DirectoryEntry[];
}

export interface SkillCandidateList {
  candidates: SkillCandidate[];
  /** Symlinks that resolve to nothing (`broken-symlink`). */
  skipped: SkippedSkill[];
}

/**
 * Directories and symlinks resolving to directories, in listing (code unit) order; names
 * starting with `.` and `node_modules` dropped; plain files ignored. Only symlinks cost a stat.
 */
export async function listSkillCandidates(options: ListSkillCandidatesOptions): Promise<SkillCandidateList> {
  const candidates: SkillCandidate[] = [];
  const skipped: SkippedSkill[] = [];
  for (const entry of options.entries) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const path = join(options.base, entry.name);
    if (entry.kind === "directory") {
      candidates.push({ name: entry.name, path, isSymlink: false });
    } else if (entry.kind === "symlink") {
      const target = await followSymlink(options.fs, path);
      if ("reason" in target) skipped.push(target);
      else if (target.kind === "directory") candidates.push({ name: entry.name, path, isSymlink: true });
    }
  }
  return { candidates, skipped };
}
