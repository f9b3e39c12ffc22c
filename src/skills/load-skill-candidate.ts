import type { FileStat } from "../domain/index.js";
import type { SkillParseCacheKey } from "./create-skill-parse-cache.js";
import { attempt, emptySkillScan, type SkillScan, type SkillScanContext } from "./skill-scan.js";
import type { ParsedSkillFile } from "./skill-types.js";

/** A file that may be a skill (spec/skills.md §4.4). */
export interface SkillCandidateFile {
  path: string;
  /** The name used when the frontmatter has none: the folder holding the candidate. */
  fallbackName: string;
  /** Its `fs.stat`, when discovery already took it: the parse cache then needs no second stat. */
  stat?: FileStat;
}

async function readAndParse(context: SkillScanContext, candidate: SkillCandidateFile, scan: SkillScan) {
  const text = await attempt(scan, candidate.path, () => context.fs.readText(candidate.path));
  if (text === undefined) return undefined;
  // Loaded on the first miss only: with every file in the parse cache, neither the parser nor
  // the YAML library it falls back on is loaded at all.
  const { parseSkillFile } = await import("./parse-skill-file.js");
  return parseSkillFile(text, candidate.path, candidate.fallbackName, { source: context.source });
}

/** With a parse cache, an unchanged file (same size and mtime) is neither read nor parsed again. */
async function parseCandidate(context: SkillScanContext, candidate: SkillCandidateFile, scan: SkillScan) {
  const cache = context.parseCache;
  if (cache === undefined) return readAndParse(context, candidate, scan);
  const stat = candidate.stat ?? (await attempt(scan, candidate.path, () => context.fs.stat(candidate.path)));
  if (stat === undefined) return readAndParse(context, candidate, scan);
  const key: SkillParseCacheKey = {
    filePath: candidate.path,
    fallbackName: candidate.fallbackName,
    size: stat.size,
    mtimeMs: stat.mtimeMs,
    source: context.source,
  };
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const parsed = await readAndParse(context, candidate, scan);
  if (parsed !== undefined) cache.set(key, parsed);
  return parsed;
}

/** Reads and parses one candidate: a skill entry, or a skip with the parser's reason. Never throws. */
export async function loadSkillCandidate(context: SkillScanContext, candidate: SkillCandidateFile): Promise<SkillScan> {
  const scan = emptySkillScan();
  const parsed: ParsedSkillFile | undefined = await parseCandidate(context, candidate, scan);
  if (parsed === undefined) return scan;
  scan.diagnostics.push(...parsed.diagnostics);
  if (parsed.skill && parsed.entry) {
    scan.entries.push({ ...parsed.entry, skill: parsed.skill });
  } else {
    scan.skipped.push({ path: candidate.path, reason: parsed.reason ?? "missing-description" });
  }
  return scan;
}
