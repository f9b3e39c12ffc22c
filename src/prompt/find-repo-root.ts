import { dirname, join } from "node:path";
import type { OpenClawConfig } from "../config/openclaw-config-schema.js";
import type { Runtime } from "../domain/index.js";

const MAX_DEPTH = 12;

async function nearestGitAncestor(start: string, runtime: Runtime): Promise<string | undefined> {
  let current = start;
  for (let depth = 0; depth <= MAX_DEPTH; depth++) {
    if ((await runtime.fs.lstat(join(current, ".git"))) !== undefined) return current;
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
  return undefined;
}

/**
 * The runtime line's `repo=` (spec/prompt.md §7.1): `agents.defaults.repoRoot` when it is an
 * existing directory, else the nearest ancestor (≤ 12 levels) of the workspace, then of `cwd`,
 * that holds a `.git` directory or file.
 */
export async function findRepoRoot(options: {
  config: OpenClawConfig;
  workspaceDir: string;
  cwd?: string;
  runtime: Runtime;
}): Promise<string | undefined> {
  const configured = options.config.agents.defaults.repoRoot;
  if (configured !== undefined) {
    const stats = await options.runtime.fs.stat(configured);
    if (stats?.kind === "directory") return configured;
  }
  const fromWorkspace = await nearestGitAncestor(options.workspaceDir, options.runtime);
  if (fromWorkspace !== undefined || options.cwd === undefined || options.cwd === options.workspaceDir) {
    return fromWorkspace;
  }
  return nearestGitAncestor(options.cwd, options.runtime);
}
