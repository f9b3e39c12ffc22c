import type { OpenClawConfigInput } from "../config/openclaw-config-schema.js";
import type { Diagnostic, Runtime } from "../domain/index.js";
import type { SkillParseCache } from "./create-skill-parse-cache.js";
import { discoverSkillRoot } from "./discover-skill-root.js";
import { resolveSkillDiscoveryLimits } from "./resolve-skill-discovery-limits.js";
import { type PluginSkillDeclaration, resolveSkillRoots } from "./resolve-skill-roots.js";
import type { SkippedSkill } from "./skill-scan.js";
import type { DiscoveredSkills, Skill, SkillEntry, SkillSource } from "./skill-types.js";

/** One scanned root of {@link DiscoveredSkillSources}. */
export interface DiscoveredSkillSource {
  source: SkillSource;
  /** Absolute path, as resolved (not the real path). */
  root: string;
  /** Skills kept after the per-source cut, in load order. */
  skills: Skill[];
  /** The parsed entry of each skill: `entries[i].skill === skills[i]`, so merging needs no second read. */
  entries: SkillEntry[];
  skipped: SkippedSkill[];
}

/** {@link DiscoveredSkills} plus the parsed entries. `diagnostics` holds warnings and errors, each naming its file. */
export interface DiscoveredSkillSources extends DiscoveredSkills {
  sources: DiscoveredSkillSource[];
  diagnostics: Diagnostic[];
}

export interface DiscoverSkillSourcesOptions {
  workspaceDir: string;
  config: OpenClawConfigInput;
  rt: Runtime;
  /** Base of relative `extraDirs`; default `workspaceDir` (the cwd of a run). */
  cwd?: string;
  /** Enabled plugins' skill declarations, folded into the extra tier; default none. */
  plugins?: readonly PluginSkillDeclaration[];
  /**
   * Parse results kept across discoveries (`createSkillParseCache`): a candidate whose path,
   * size and mtime are unchanged is neither read nor parsed again. Default none.
   */
  parseCache?: SkillParseCache;
}

/**
 * Every root of spec/skills.md §3 in merge order (lowest precedence first), each scanned per §4
 * with its own limits. Roots are scanned concurrently; results keep root order. Roots that do
 * not exist contribute an empty source (a declared plugin dir that is missing also warns).
 * Never throws: unusable files become `skipped` entries or diagnostics.
 */
export async function discoverSkillSourcesWith(options: DiscoverSkillSourcesOptions): Promise<DiscoveredSkillSources> {
  const { workspaceDir, config, rt } = options;
  const resolved = resolveSkillRoots({
    workspaceDir,
    config,
    homeDir: rt.homeDir,
    stateDir: rt.stateDir,
    env: rt.env,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.plugins === undefined ? {} : { plugins: options.plugins }),
  });
  const limits = resolveSkillDiscoveryLimits(config);
  const cache = options.parseCache === undefined ? {} : { parseCache: options.parseCache };
  const scans = await Promise.all(
    resolved.roots.map((root) => discoverSkillRoot({ fs: rt.fs, limits, ...root, ...cache })),
  );
  const diagnostics: Diagnostic[] = [...resolved.diagnostics];
  const sources: DiscoveredSkillSource[] = [];
  for (const [index, root] of resolved.roots.entries()) {
    const scan = scans[index];
    if (scan === undefined) continue;
    const skills = scan.entries.map((entry) => entry.skill);
    sources.push({ source: root.source, root: root.root, skills, entries: scan.entries, skipped: scan.skipped });
    diagnostics.push(...scan.diagnostics);
  }
  return { sources, diagnostics };
}

/** spec/skills.md §1.2 `discoverSkillSources` (classic `loadSkillEntries`), with no plugins and cwd = workspace. */
export function discoverSkillSources(
  workspaceDir: string,
  config: OpenClawConfigInput,
  rt: Runtime,
): Promise<DiscoveredSkillSources> {
  return discoverSkillSourcesWith({ workspaceDir, config, rt });
}
