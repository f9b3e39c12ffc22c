import { join } from "node:path";
import { isInsideRoot } from "../platform/is-inside-root.js";
import { discoverSkillDirectory } from "./discover-skill-directory.js";
import type { SkillCandidate } from "./list-skill-candidates.js";
import {
  appendSkillScan,
  attempt,
  emptySkillScan,
  followSymlink,
  type SkillScan,
  type SkillScanContext,
  symlinkOutsideRootDiagnostic,
} from "./skill-scan.js";

export interface DiscoverSkillChildOptions {
  context: SkillScanContext;
  child: SkillCandidate;
  /** Real path of the folder holding `child`. */
  baseReal: string;
  /** Bytes; a larger `SKILL.md` skips the child (`oversize`). */
  maxSkillFileBytes: number;
}

/**
 * One child folder of a root (spec/skills.md §4.3 step 4): refused when it links out of the
 * root (§4.5), `no-skill-md` without a `SKILL.md`, `oversize` when that file is larger than
 * the limit (nothing else of the folder loads), else the folder's skills (§4.4).
 */
export async function discoverSkillChild(options: DiscoverSkillChildOptions): Promise<SkillScan> {
  const { context, child } = options;
  const scan = emptySkillScan();
  let real = join(options.baseReal, child.name);
  if (child.isSymlink) {
    const resolved = await attempt(scan, child.path, () => context.fs.realPath(child.path));
    if (resolved === undefined) return scan;
    if (!isInsideRoot({ root: context.rootReal, path: resolved })) {
      scan.diagnostics.push(symlinkOutsideRootDiagnostic(child.path, resolved, context.rootReal));
      return scan;
    }
    real = resolved;
  }
  const entries = await attempt(scan, child.path, () => context.fs.readDirectory(child.path));
  if (entries === undefined) return scan;
  const skillFile = join(child.path, "SKILL.md");
  const listed = entries.find((entry) => entry.name === "SKILL.md");
  const stat =
    listed === undefined || listed.kind === "directory" ? undefined : await followSymlink(context.fs, skillFile);
  if (stat !== undefined && "reason" in stat) {
    scan.skipped.push(stat);
    return scan;
  }
  if (stat?.kind !== "file") {
    scan.skipped.push({ path: child.path, reason: "no-skill-md" });
    return scan;
  }
  if (stat.size > options.maxSkillFileBytes) {
    const detail = `${stat.size} bytes > maxSkillFileBytes ${options.maxSkillFileBytes}`;
    scan.skipped.push({ path: skillFile, reason: "oversize", detail });
    return scan;
  }
  const loaded = await discoverSkillDirectory({ context, path: child.path, real, entries, skillFileStat: stat });
  return appendSkillScan(scan, loaded);
}
