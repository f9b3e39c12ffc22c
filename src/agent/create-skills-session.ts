import { resolveConfigSection } from "../config/resolve-openclaw-config.js";
import type { AgentEventOf, Runtime } from "../domain/index.js";
import { createSkillParseCache } from "../skills/create-skill-parse-cache.js";
import { loadSkillsFunnel, type SkillsFunnel } from "../skills/load-skills-funnel.js";
import { resolveSkillsPromptForRun } from "../skills/resolve-skills-prompt-for-run.js";
import { shouldRefreshSnapshot } from "../skills/skill-snapshot.js";
import { bumpSkillsVersion, createSkillsVersionState, getSkillsVersion } from "../skills/skills-version-state.js";
import { readSkillsFingerprint } from "./skills-fingerprint.js";

export type SkillsTurn = Omit<AgentEventOf<"skills_snapshot">, "type" | "runId" | "sessionKey"> & {
  /** The skills prompt for the run's system prompt (§12.4). */
  skillsPrompt: string;
};

/**
 * The skills snapshot of one session (spec/skills.md §12): built on the first turn, reused
 * while the skills version has not moved past it. Between turns the watched SKILL.md files are
 * compared with the previous turn's (the deterministic stand-in for the file watcher of §12.3,
 * disabled by `skills.load.watch: false`); a change bumps the workspace version with reason
 * `watch`, so the next turn rebuilds.
 */
export function createSkillsSession(options: {
  runtime: Runtime;
  workspaceDir: string;
  config: Readonly<Record<string, unknown>>;
  agentId: string;
}) {
  const { runtime, workspaceDir, config } = options;
  const versions = createSkillsVersionState({ now: runtime.now });
  const parseCache = createSkillParseCache();
  const watching = resolveConfigSection(config, "skills").load.watch;
  let funnel: SkillsFunnel | undefined;
  let fingerprint: string | undefined;
  const watchedRoots = (current: SkillsFunnel) =>
    current.discovered.sources.filter((source) => source.source !== "openclaw-bundled").map((source) => source.root);

  return {
    async prepareTurn(): Promise<SkillsTurn> {
      if (funnel !== undefined && watching) {
        const next = await readSkillsFingerprint(watchedRoots(funnel), runtime);
        if (next !== fingerprint) bumpSkillsVersion(versions, { workspaceDir, reason: "watch" });
        fingerprint = next;
      }
      const current = getSkillsVersion(versions, workspaceDir);
      const reused = funnel !== undefined && !shouldRefreshSnapshot(funnel.snapshot.version, current);
      if (funnel === undefined || !reused) {
        funnel = await loadSkillsFunnel({
          workspaceDir,
          config,
          runtime,
          agentId: options.agentId,
          parseCache,
          version: current,
        });
        if (watching && fingerprint === undefined)
          fingerprint = await readSkillsFingerprint(watchedRoots(funnel), runtime);
      }
      const { report, snapshot } = funnel;
      return {
        version: snapshot.version ?? current,
        reused,
        eligible: report.eligible,
        excluded: report.excluded,
        included: report.included,
        dropped: report.dropped,
        truncated: report.truncated,
        promptChars: report.promptChars,
        skillsPrompt: resolveSkillsPromptForRun({
          snapshot,
          config,
          eligibilityEnv: { platform: runtime.platform.platform, env: runtime.env, isOnPath: () => false },
          homeDir: runtime.homeDir,
        }),
      };
    },
  };
}
