import type { Diagnostic, SkillDropReason, SkillExclusionReason } from "../domain/index.js";

/** Where a skill was found, lowest to highest precedence in spec/skills.md §3. */
export type SkillSource =
  | "openclaw-extra"
  | "openclaw-bundled"
  | "openclaw-managed"
  | "agents-skills-personal"
  | "agents-skills-project"
  | "openclaw-workspace";

export interface Skill {
  /** §2.2, verbatim (not trimmed). */
  name: string;
  /** §2.2, verbatim. */
  description: string;
  /** Absolute path as discovered (symlinks not resolved). */
  filePath: string;
  /** Directory containing `filePath`. */
  baseDir: string;
  source: SkillSource;
  /** YAML boolean `true` only (§8). */
  disableModelInvocation: boolean;
}

export interface SkillRequires {
  bins: string[];
  anyBins: string[];
  env: string[];
  config: string[];
}

/** One install spec of the manifest (§2.4); UI only, never affects the prompt. */
export interface SkillInstallSpec {
  kind: "brew" | "node" | "go" | "uv" | "download";
  id?: string;
  label?: string;
  bins?: string[];
  os?: string[];
  /** brew: `formula`, or `cask` when no formula is given. */
  formula?: string;
  package?: string;
  module?: string;
  url?: string;
  archive?: string;
  extract?: boolean;
  stripComponents?: number;
  targetDir?: string;
}

/** The `openclaw` manifest (§2.4). */
export interface SkillMetadata {
  always?: boolean;
  emoji?: string;
  homepage?: string;
  skillKey?: string;
  primaryEnv?: string;
  os?: string[];
  requires?: SkillRequires;
  install?: SkillInstallSpec[];
}

export interface SkillInvocation {
  userInvocable: boolean;
  disableModelInvocation: boolean;
}

export interface SkillEntry {
  skill: Skill;
  /** Lenient parse (§2.3). */
  frontmatter: Record<string, string>;
  metadata?: SkillMetadata;
  invocation: SkillInvocation;
}

/** Connected macOS nodes (classic: platforms ["darwin"]). */
export interface RemoteEligibility {
  platforms: string[];
  hasBin(bin: string): boolean;
  hasAnyBin(bins: readonly string[]): boolean;
  /** Text put before the catalog (§9.3). */
  note?: string;
}

export interface SkillSnapshot {
  prompt: string;
  skills: { name: string; primaryEnv?: string; requiredEnv?: string[] }[];
  /** Present only when a filter was given. */
  skillFilter?: string[];
  resolvedSkills: Skill[];
  version?: number;
}

/** What eligibility (§6) sees of the host. */
export interface EligibilityEnv {
  platform: string;
  env: Readonly<Record<string, string | undefined>>;
  isOnPath(bin: string): boolean;
}

/** Skip reasons in `sources[].skipped` (§14). */
export type SkipReason =
  | "root-oversize"
  | "oversize"
  | "no-skill-md"
  | "beyond-source-limit"
  | "invalid-frontmatter"
  | "missing-description"
  | "invalid-description"
  | "invalid-name"
  | "broken-symlink"
  | "shadowed";

/** Why `parseSkillFile` rejected a file (a subset of `SkipReason`). */
export type ParseRejectReason = Extract<
  SkipReason,
  "invalid-frontmatter" | "missing-description" | "invalid-description" | "invalid-name"
>;

/** Warnings (skill kept) of §14, plus the §4.5 symlink error. */
export type SkillWarningCode =
  | "name-mismatch"
  | "name-format"
  | "name-too-long"
  | "description-too-long"
  | "symlink-outside-root"
  | "suspiciously-large-root"
  /** A `requires` bin no PATH lookup can take (NUL byte, over-long name). */
  | "invalid-bin";

/** Why a merged skill is not eligible (§6, §7, §14). */
export type ExclusionReason = SkillExclusionReason;

/** Why an eligible skill is not in the catalog (§8, §9, §14). */
export type DropReason = SkillDropReason;

/** A `Diagnostic` that also carries the spec's reason code. */
export interface SkillDiagnostic extends Diagnostic {
  code: SkipReason | SkillWarningCode;
}

/**
 * Result of `parseSkillFile` (§1.2). `skill` and `entry` are both present or both absent;
 * when absent, `reason` says why and `diagnostics` holds an error naming the file.
 */
export interface ParsedSkillFile {
  skill?: Skill;
  entry?: Omit<SkillEntry, "skill">;
  diagnostics: SkillDiagnostic[];
  reason?: ParseRejectReason;
}

export interface DiscoveredSkills {
  sources: {
    source: SkillSource;
    root: string;
    skills: Skill[];
    skipped: { path: string; reason: SkipReason; detail?: string }[];
  }[];
  /** Warnings (§14), each naming the file. */
  diagnostics: Diagnostic[];
}

/** §14: the shape of `claw-eval skills <ws> --json`. */
export interface SkillsReport {
  sources: { source: SkillSource; root: string; loaded: number; skipped: { path: string; reason: SkipReason }[] }[];
  discovered: { name: string; source: SkillSource; path: string }[];
  eligible: string[];
  excluded: { name: string; reason: ExclusionReason }[];
  included: string[];
  dropped: { name: string; reason: DropReason }[];
  truncated: boolean;
  promptChars: number;
  overheadChars: number;
  prompt: string;
}
