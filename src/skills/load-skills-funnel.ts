import type { OpenClawConfigInput } from "../config/openclaw-config-schema.js";
import type { Runtime } from "../domain/index.js";
import { normaliseSkillFilter, resolveAgentSkillFilter } from "./apply-skill-filter.js";
import { buildSkillsReport } from "./build-skills-report.js";
import type { SkillParseCache } from "./create-skill-parse-cache.js";
import { type DiscoveredSkillSources, discoverSkillSourcesWith } from "./discover-skill-sources.js";
import { loadEligibilityEnv } from "./load-eligibility-env.js";
import { type MergedSkillEntries, mergeSkillEntries } from "./merge-skills.js";
import { planSkillsPrompt, type SkillsPromptPlan } from "./plan-skills-prompt.js";
import { snapshotFromPlan } from "./skill-snapshot.js";
import type { SkillSnapshot, SkillsReport } from "./skill-types.js";

/** Every stage of the skills funnel for one workspace (spec/skills.md §3–§12, §14). */
export interface SkillsFunnel {
  discovered: DiscoveredSkillSources;
  merged: MergedSkillEntries;
  plan: SkillsPromptPlan;
  report: SkillsReport;
  snapshot: SkillSnapshot;
}

export interface LoadSkillsFunnelOptions {
  workspaceDir: string;
  config: Readonly<Record<string, unknown>>;
  runtime: Runtime;
  /** Agent whose `agents.list[].skills` filter applies (default `main`). */
  agentId?: string;
  /** An explicit filter, replacing the agent's (§7). */
  skillFilter?: readonly unknown[];
  /** Reuses parsed SKILL.md files whose path, size and mtime are unchanged. */
  parseCache?: SkillParseCache;
  /** Resolves relative `skills.load.extraDirs` (default: the workspace). */
  cwd?: string;
  /** Recorded on the snapshot (§12.2). */
  version?: number;
}

/**
 * Discovers, merges, checks, filters, budgets and formats a workspace's skills, and builds the
 * funnel report and the snapshot from the same data. Reads the file system through the Runtime.
 */
export async function loadSkillsFunnel(options: LoadSkillsFunnelOptions): Promise<SkillsFunnel> {
  const config = options.config as OpenClawConfigInput;
  const discovered = await discoverSkillSourcesWith({
    workspaceDir: options.workspaceDir,
    config,
    rt: options.runtime,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.parseCache === undefined ? {} : { parseCache: options.parseCache }),
  });
  const merged = mergeSkillEntries(discovered.sources);
  const eligibilityEnv = await loadEligibilityEnv(options.runtime, merged.entries);
  const filter =
    options.skillFilter === undefined
      ? resolveAgentSkillFilter(config, options.agentId ?? "main")
      : normaliseSkillFilter(options.skillFilter);
  const plan = planSkillsPrompt({
    entries: merged.entries,
    config,
    eligibilityEnv,
    homeDir: options.runtime.homeDir,
    ...(filter === undefined ? {} : { skillFilter: filter }),
  });
  const report = buildSkillsReport({
    discovered,
    merged,
    eligibility: plan.eligibility,
    ...(plan.skillFilter === undefined ? {} : { skillFilter: plan.skillFilter }),
    limits: plan.limits,
    skillsPrompt: plan.skillsPrompt,
  });
  return { discovered, merged, plan, report, snapshot: snapshotFromPlan(plan, options.version) };
}
