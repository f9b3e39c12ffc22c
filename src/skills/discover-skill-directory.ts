import { basename, join } from "node:path";
import type { DirectoryEntry, FileStat } from "../domain/index.js";
import { isInsideRoot } from "../platform/is-inside-root.js";
import { IGNORE_FILE_NAMES, type IgnoreRules, isIgnored } from "./is-ignored.js";
import { loadSkillCandidate, type SkillCandidateFile } from "./load-skill-candidate.js";
import { mapWithConcurrency } from "./map-with-concurrency.js";
import {
  appendSkillScan,
  attempt,
  emptySkillScan,
  followSymlink,
  type SkillScan,
  type SkillScanContext,
  symlinkOutsideRootDiagnostic,
} from "./skill-scan.js";

export interface DiscoverSkillDirectoryOptions {
  context: SkillScanContext;
  /** The skill folder as discovered (a link path stays a link path). */
  path: string;
  /** Its real path, to stop symlink cycles. */
  real: string;
  /** Its listing, when the caller already read it. */
  entries?: readonly DirectoryEntry[];
  /** The `fs.stat` of its top-level `SKILL.md`, when the caller already took it. */
  skillFileStat?: FileStat;
}

interface Frame {
  dir: string;
  real: string;
  /** Path from the skill folder, `/`-separated; `""` at the top. */
  relative: string;
  entries: readonly DirectoryEntry[];
  rules: readonly IgnoreRules[];
  ancestors: readonly string[];
}

interface Walk {
  context: SkillScanContext;
  scan: SkillScan;
  candidates: SkillCandidateFile[];
  skillFileStat?: FileStat;
}

function hasIgnoreFile(entries: readonly DirectoryEntry[]): boolean {
  return entries.some((entry) => entry.kind !== "directory" && IGNORE_FILE_NAMES.includes(entry.name));
}

async function readIgnoreRules(walk: Walk, frame: Frame): Promise<IgnoreRules[]> {
  const rules: IgnoreRules[] = [...frame.rules];
  // Most skill folders have no ignore file: only those that do load the `ignore` package.
  const { parseIgnoreRules } = await import("./parse-ignore-rules.js");
  for (const entry of frame.entries) {
    if (!IGNORE_FILE_NAMES.includes(entry.name) || entry.kind === "directory") continue;
    const path = join(frame.dir, entry.name);
    const text = await attempt(walk.scan, path, () => walk.context.fs.readText(path));
    if (text !== undefined) rules.push(parseIgnoreRules(text, frame.relative));
  }
  return rules;
}

interface ResolvedEntry {
  path: string;
  relative: string;
  kind: DirectoryEntry["kind"];
  real: string;
}

/** A symlink's target kind and real path, when it resolves inside the root and is not ignored. */
async function resolveSymlink(walk: Walk, link: Omit<ResolvedEntry, "kind" | "real">, rules: readonly IgnoreRules[]) {
  const { fs, rootReal } = walk.context;
  const target = await followSymlink(fs, link.path);
  if ("reason" in target) {
    walk.scan.skipped.push(target);
    return undefined;
  }
  if (isIgnored(rules, link.relative, target.kind === "directory")) return undefined;
  const real = await attempt(walk.scan, link.path, () => fs.realPath(link.path));
  if (real === undefined) return undefined;
  if (!isInsideRoot({ root: rootReal, path: real })) {
    walk.scan.diagnostics.push(symlinkOutsideRootDiagnostic(link.path, real, rootReal));
    return undefined;
  }
  return { ...link, kind: target.kind, real };
}

function isCandidateName(name: string, topLevel: boolean): boolean {
  return topLevel ? name.endsWith(".md") : name === "SKILL.md";
}

async function walkFrame(walk: Walk, frame: Frame): Promise<void> {
  const rules = hasIgnoreFile(frame.entries) ? await readIgnoreRules(walk, frame) : frame.rules;
  const topLevel = frame.relative === "";
  for (const entry of frame.entries) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    // Plain files that can never be candidates cost nothing (no join, no ignore check).
    if (entry.kind === "file" && !isCandidateName(entry.name, topLevel)) continue;
    if (entry.kind === "other") continue;
    const path = join(frame.dir, entry.name);
    const relative = topLevel ? entry.name : `${frame.relative}/${entry.name}`;
    let resolved: ResolvedEntry | undefined;
    if (entry.kind === "symlink") resolved = await resolveSymlink(walk, { path, relative }, rules);
    else if (!isIgnored(rules, relative, entry.kind === "directory")) {
      resolved = { path, relative, kind: entry.kind, real: join(frame.real, entry.name) };
    }
    if (resolved === undefined) continue;
    if (resolved.kind === "directory") {
      if (resolved.real === frame.real || frame.ancestors.includes(resolved.real)) continue;
      const { path: dir, real } = resolved;
      const entries = await attempt(walk.scan, dir, () => walk.context.fs.readDirectory(dir));
      if (entries === undefined) continue;
      const ancestors = [...frame.ancestors, frame.real];
      await walkFrame(walk, { dir, real, relative: resolved.relative, entries, rules, ancestors });
    } else if (resolved.kind === "file" && isCandidateName(entry.name, topLevel)) {
      const stat = topLevel && entry.name === "SKILL.md" ? walk.skillFileStat : undefined;
      walk.candidates.push({ path, fallbackName: basename(frame.dir), ...(stat === undefined ? {} : { stat }) });
    }
  }
}

/**
 * Loads one skill folder (spec/skills.md §4.4): sorted depth-first walk skipping dot names and
 * `node_modules`, honouring `.gitignore` / `.ignore` / `.fdignore` at each level; every top-level
 * `*.md` and every deeper `SKILL.md` is a candidate. Candidates are read concurrently (bounded by
 * `context.concurrency`) and reported in walk order. Never throws: failures become diagnostics.
 */
export async function discoverSkillDirectory(options: DiscoverSkillDirectoryOptions): Promise<SkillScan> {
  const { context, path, real } = options;
  const walk: Walk = { context, scan: emptySkillScan(), candidates: [], skillFileStat: options.skillFileStat };
  const entries = options.entries ?? (await attempt(walk.scan, path, () => context.fs.readDirectory(path)));
  if (entries === undefined) return walk.scan;
  await walkFrame(walk, { dir: path, real, relative: "", entries, rules: [], ancestors: [] });
  const loaded = await mapWithConcurrency(walk.candidates, {
    concurrency: context.concurrency,
    run: (candidate) => loadSkillCandidate(context, candidate),
  });
  for (const part of loaded) appendSkillScan(walk.scan, part);
  return walk.scan;
}
