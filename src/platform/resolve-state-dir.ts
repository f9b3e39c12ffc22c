import { isAbsolute, join, resolve } from "node:path";
import { expandHome } from "./expand-home.js";

/** Environment variables that move the state dir (and with it everything a run writes). */
export const STATE_DIR_ENV_VARS = ["OPENCLAW_STATE_DIR", "CLAWDBOT_STATE_DIR", "OPENCLAW_HOME"] as const;

/**
 * OpenClaw's state dir (spec/skills.md §1.3, prompt.md §1.4): `OPENCLAW_STATE_DIR`, then legacy
 * `CLAWDBOT_STATE_DIR`, trimmed and `~`-expanded; else `<home>/.openclaw` where home is
 * `OPENCLAW_HOME`, else `HOME`. Relative values resolve against `cwd` (default `homeDir`). Pure.
 */
export function resolveStateDir(options: {
  env: Readonly<Record<string, string>>;
  homeDir: string;
  cwd?: string;
}): string {
  const { env, homeDir } = options;
  const explicit = env.OPENCLAW_STATE_DIR?.trim() || env.CLAWDBOT_STATE_DIR?.trim();
  if (explicit) {
    const expanded = expandHome(explicit, homeDir);
    return isAbsolute(expanded) ? expanded : resolve(options.cwd ?? homeDir, expanded);
  }
  const home = env.OPENCLAW_HOME?.trim() || homeDir;
  return join(resolve(options.cwd ?? homeDir, expandHome(home, homeDir)), ".openclaw");
}
