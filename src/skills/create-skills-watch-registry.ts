import type { OpenClawConfigInput } from "../config/openclaw-config-schema.js";
import { bumpSkillsVersion, type SkillsVersionState } from "./skills-version-state.js";
import { resolveSkillsWatchSettings, type SkillsWatcher, watchSkills } from "./watch-skills.js";

export interface SkillsWatchRegistryOptions {
  /** Receives a `watch` bump for the workspace, with the last changed SKILL.md. */
  versions: SkillsVersionState;
  onError?: (error: unknown) => void;
}

export interface SyncSkillsWatcherInput {
  workspaceDir: string;
  /** The watched roots, e.g. `listSkillsWatchRoots(…)`. */
  roots: readonly string[];
  config: OpenClawConfigInput | undefined;
}

export interface SkillsWatchRegistry {
  /**
   * Starts, keeps, replaces or closes the workspace's watcher to match `config` and `roots`;
   * resolves once a new watcher is ready. Calls for one workspace must not overlap.
   */
  sync(input: SyncSkillsWatcherInput): Promise<SkillsWatcher | undefined>;
  /** Closes every watcher. */
  close(): Promise<void>;
}

/**
 * One skills watcher per workspace (spec/skills.md §12.3): none when `skills.load.watch` is
 * false, replaced when its roots or debounce change, kept otherwise. Each debounced change bumps
 * the workspace's skills version with reason `watch`.
 */
export function createSkillsWatchRegistry(options: SkillsWatchRegistryOptions): SkillsWatchRegistry {
  const active = new Map<string, { key: string; watcher: SkillsWatcher }>();
  const stop = async (workspaceDir: string) => {
    const current = active.get(workspaceDir);
    active.delete(workspaceDir);
    await current?.watcher.close();
  };
  return {
    async sync({ workspaceDir, roots, config }) {
      const settings = resolveSkillsWatchSettings(config);
      if (!settings.enabled) {
        await stop(workspaceDir);
        return undefined;
      }
      const key = JSON.stringify([settings.debounceMs, ...roots]);
      const current = active.get(workspaceDir);
      if (current?.key === key) return current.watcher;
      await stop(workspaceDir);
      const watcher = watchSkills({
        roots,
        debounceMs: settings.debounceMs,
        onChange: ({ changedPath }) =>
          bumpSkillsVersion(options.versions, { workspaceDir, reason: "watch", changedPath }),
        ...(options.onError === undefined ? {} : { onError: options.onError }),
      });
      active.set(workspaceDir, { key, watcher });
      await watcher.ready;
      return watcher;
    },
    async close() {
      await Promise.all([...active.keys()].map(stop));
    },
  };
}
