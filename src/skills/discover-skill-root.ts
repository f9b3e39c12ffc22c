import { join } from "node:path";
import type { DirectoryEntry, FileSystem } from "../domain/index.js";
import type { SkillParseCache } from "./create-skill-parse-cache.js";
import { discoverSkillChild } from "./discover-skill-child.js";
import { discoverSkillDirectory } from "./discover-skill-directory.js";
import { listSkillCandidates, type SkillCandidate, type SkillCandidateList } from "./list-skill-candidates.js";
import { mapWithConcurrency } from "./map-with-concurrency.js";
import type { SkillDiscoveryLimits } from "./resolve-skill-discovery-limits.js";
import {
  appendSkillScan,
  attempt,
  emptySkillScan,
  followSymlink,
  largeRootWarning,
  missingPluginRootWarning,
  type SkillScan,
  type SkillScanContext,
} from "./skill-scan.js";
import type { SkillSource } from "./skill-types.js";

/**
 * Child folders scanned at once per root. High on purpose: listings and stats are synchronous
 * in the node FileSystem, so the in-flight work is the reads, and measured on 5000 skills a
 * bound of 16 was about 25% slower than 256 (which covers the default 200 children per root).
 */
const CONCURRENCY_PER_ROOT = 256;

export interface DiscoverSkillRootOptions {
  fs: FileSystem;
  source: SkillSource;
  /** Absolute path of the root. */
  root: string;
  limits: SkillDiscoveryLimits;
  /** The plugin declaring this root: a missing root then warns. */
  plugin?: string;
  /** Reuses parse results of unchanged files (same path, size and mtime). */
  parseCache?: SkillParseCache;
}

interface Base {
  path: string;
  real: string;
  entries: readonly DirectoryEntry[];
  /** The base's candidates, when §4.1 already listed them. */
  listed?: SkillCandidateList;
}

async function hasSkillFile(fs: FileSystem, candidates: readonly SkillCandidate[]): Promise<boolean> {
  for (const candidate of candidates) {
    const stat = await followSymlink(fs, join(candidate.path, "SKILL.md"));
    if (!("reason" in stat) && stat.kind === "file") return true;
  }
  return false;
}

/** §4.1: `<root>/skills` becomes the base when one of its first candidates holds a SKILL.md. */
async function chooseBase(context: SkillScanContext, scan: SkillScan, root: Base, limits: SkillDiscoveryLimits) {
  const nested = root.entries.find((entry) => entry.name === "skills");
  if (nested === undefined || nested.kind === "file" || nested.kind === "other") return root;
  const path = join(root.path, "skills");
  const target = nested.kind === "symlink" ? await followSymlink(context.fs, path) : undefined;
  if (target !== undefined && ("reason" in target || target.kind !== "directory")) return root;
  const entries = await attempt(scan, path, () => context.fs.readDirectory(path));
  if (entries === undefined) return root;
  const listed = await listSkillCandidates({ fs: context.fs, base: path, entries });
  const considered = listed.candidates.slice(0, Math.max(0, limits.maxCandidatesPerRoot));
  if (!(await hasSkillFile(context.fs, considered))) return root;
  const real = nested.kind === "symlink" ? await attempt(scan, path, () => context.fs.realPath(path)) : undefined;
  return { path, real: real ?? join(root.real, "skills"), entries, listed };
}

async function discoverChildren(context: SkillScanContext, scan: SkillScan, base: Base, limits: SkillDiscoveryLimits) {
  const listed = base.listed ?? (await listSkillCandidates({ fs: context.fs, base: base.path, entries: base.entries }));
  scan.skipped.push(...listed.skipped);
  const { candidates } = listed;
  if (candidates.length > limits.maxCandidatesPerRoot) {
    scan.diagnostics.push(largeRootWarning(base.path, candidates.length, limits.maxCandidatesPerRoot));
  }
  const cap = Math.max(0, limits.maxSkillsLoadedPerSource);
  const { maxSkillFileBytes } = limits;
  const results = await mapWithConcurrency(candidates.slice(0, cap), {
    concurrency: context.concurrency,
    run: (child) => discoverSkillChild({ context, child, baseReal: base.real, maxSkillFileBytes }),
  });
  const loaded = emptySkillScan();
  for (const result of results) {
    if (loaded.entries.length >= cap) break;
    appendSkillScan(loaded, result);
  }
  for (const child of candidates.slice(cap)) loaded.skipped.push({ path: child.path, reason: "beyond-source-limit" });
  if (loaded.entries.length > cap) {
    const sorted = [...loaded.entries].sort((a, b) => a.skill.name.localeCompare(b.skill.name, "en"));
    loaded.entries = sorted.slice(0, cap);
    for (const cut of sorted.slice(cap))
      loaded.skipped.push({ path: cut.skill.filePath, reason: "beyond-source-limit" });
  }
  return appendSkillScan(scan, loaded);
}

/**
 * Scans one root (spec/skills.md §4): nested `skills/` re-rooting, a base that is itself a
 * skill (no per-source cap; `root-oversize` skips everything), else its child folders under
 * the per-source cap. A missing root yields nothing. Never throws.
 */
export async function discoverSkillRoot(options: DiscoverSkillRootOptions): Promise<SkillScan> {
  const { fs, source, root, limits } = options;
  const scan = emptySkillScan();
  const stat = await attempt(scan, root, () => fs.stat(root));
  if (stat?.kind !== "directory") {
    if (options.plugin !== undefined) scan.diagnostics.push(missingPluginRootWarning(root, options.plugin));
    return scan;
  }
  const rootReal = await attempt(scan, root, () => fs.realPath(root));
  const entries = await attempt(scan, root, () => fs.readDirectory(root));
  if (rootReal === undefined || entries === undefined) return scan;
  const context: SkillScanContext = {
    fs,
    source,
    rootReal,
    concurrency: CONCURRENCY_PER_ROOT,
    ...(options.parseCache === undefined ? {} : { parseCache: options.parseCache }),
  };
  const base = await chooseBase(context, scan, { path: root, real: rootReal, entries }, limits);
  const skillFile = base.entries.find((entry) => entry.name === "SKILL.md");
  const fileStat =
    skillFile && skillFile.kind !== "directory" ? await followSymlink(fs, join(base.path, "SKILL.md")) : undefined;
  if (fileStat !== undefined && "reason" in fileStat) scan.skipped.push(fileStat);
  if (fileStat === undefined || "reason" in fileStat || fileStat.kind !== "file") {
    return discoverChildren(context, scan, base, limits);
  }
  if (fileStat.size > limits.maxSkillFileBytes) {
    const detail = `${fileStat.size} bytes > maxSkillFileBytes ${limits.maxSkillFileBytes}`;
    scan.skipped.push({ path: join(base.path, "SKILL.md"), reason: "root-oversize", detail });
    return scan;
  }
  const loaded = await discoverSkillDirectory({
    context,
    path: base.path,
    real: base.real,
    entries: base.entries,
    skillFileStat: fileStat,
  });
  return appendSkillScan(scan, loaded);
}
