import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { watch } from "chokidar";
import type { OpenClawConfigInput } from "../config/openclaw-config-schema.js";
import { resolveConfigSection } from "../config/resolve-openclaw-config.js";
import { isInSkillsWatchScope, isSkillsWatchTarget } from "./is-skills-watch-target.js";

/** `skills.load.watch` (default true) and `skills.load.watchDebounceMs` (default 250, negative → 0), through the config schema. */
export function resolveSkillsWatchSettings(config: OpenClawConfigInput | undefined): {
  enabled: boolean;
  debounceMs: number;
} {
  const { watch, watchDebounceMs } = resolveConfigSection(config, "skills").load;
  return { enabled: watch, debounceMs: watchDebounceMs };
}

export interface SkillsWatchRootsInput {
  workspaceDir: string;
  stateDir: string;
  homeDir: string;
  /** Resolved extra dirs (`skills.load.extraDirs`), then plugin skill dirs. */
  extraDirs?: readonly string[];
}

/** The watched roots of spec/skills.md §12.3; the bundled tier is not watched. Pure. */
export function listSkillsWatchRoots(input: SkillsWatchRootsInput): string[] {
  const roots = [
    join(input.workspaceDir, "skills"),
    join(input.workspaceDir, ".agents", "skills"),
    join(input.stateDir, "skills"),
    join(input.homeDir, ".agents", "skills"),
    ...(input.extraDirs ?? []),
  ];
  return [...new Set(roots)];
}

/**
 * The closest existing directory at or above `path`. Roots are watched from there (their parent
 * when it exists), so a root created, removed or re-created later is still seen; the scope filter
 * keeps the watch off everything that does not lead to a root.
 */
function nearestExistingDirectory(path: string): string {
  let current = path;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

export interface WatchSkillsOptions {
  /** Absolute root directories; a missing root is picked up when it is created. */
  roots: readonly string[];
  /** Quiet period before `onChange`, and the write-stability threshold; ms. */
  debounceMs: number;
  /** Called once per debounce window with the last changed SKILL.md; must not throw. */
  onChange: (change: { changedPath: string }) => void;
  /**
   * Called with watcher errors (e.g. permission denied). Without it they are dropped: a failing
   * watcher only means changes apply from the next new session, as with `skills.load.watch: false`.
   */
  onError?: (error: unknown) => void;
}

export interface SkillsWatcher {
  /** Resolves once the initial scan is done (which emits nothing). */
  ready: Promise<void>;
  /** Stops watching and cancels a pending `onChange`. */
  close(): Promise<void>;
}

/**
 * Watches `<root>/SKILL.md` and `<root>/<child>/SKILL.md` of every root (spec/skills.md §12.3) and
 * calls `onChange` once the changes have been quiet for `debounceMs`. Other files never trigger it.
 * The caller bumps the skills version (reason `watch`) in `onChange`.
 */
export function watchSkills(options: WatchSkillsOptions): SkillsWatcher {
  const roots = [...options.roots];
  const debounceMs = Math.max(0, options.debounceMs);
  const watcher = watch([...new Set(roots.map((root) => nearestExistingDirectory(dirname(root))))], {
    ignoreInitial: true,
    ignored: (path) => !isInSkillsWatchScope(path, roots),
    awaitWriteFinish: { stabilityThreshold: debounceMs, pollInterval: 100 },
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastPath: string | undefined;
  const schedule = (path: string) => {
    if (!isSkillsWatchTarget(path, roots)) return;
    lastPath = path;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (lastPath !== undefined) options.onChange({ changedPath: lastPath });
    }, debounceMs);
  };
  watcher.on("add", schedule).on("change", schedule).on("unlink", schedule);
  watcher.on("error", (error) => options.onError?.(error));
  const ready = new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  return {
    ready,
    async close() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      await watcher.close();
    },
  };
}
