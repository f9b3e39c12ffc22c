import { join, resolve } from "node:path";
import JSON5 from "json5";
import { checkOpenClawConfig } from "../config/check-openclaw-config.js";
import { findTooDeepValue, type Runtime } from "../domain/index.js";
import { collectConfigSecrets } from "../platform/collect-secrets.js";
import { createRuntime } from "../platform/create-runtime.js";
import { expandHome } from "../platform/expand-home.js";
import { resolveStateDir } from "../platform/resolve-state-dir.js";
import { MAX_VALUE_DEPTH } from "../scenarios/scenario-limits.js";
import { type CommandContext, UsageError } from "./command-context.js";

export interface InspectionContext {
  workspaceDir: string;
  config: Record<string, unknown>;
  runtime: Runtime;
}

/**
 * What `prompt` and `skills` inspect (DESIGN.md): the workspace in place, the host's HOME,
 * state dir, PATH, TZ and env, and the config from `--config`, else `<state dir>/openclaw.json`
 * when present, else an empty config. Config warnings go to stderr; config errors are usage
 * errors (exit 2). The config's secrets join the context's redactor before anything is printed.
 */
export async function loadInspectionContext(options: {
  workspace: string;
  configPath: string | undefined;
  context: CommandContext;
}): Promise<InspectionContext> {
  const { host } = options.context;
  const env = host.env;
  const homeDir = env.HOME?.trim() || env.USERPROFILE?.trim() || host.cwd;
  const stateDir = resolveStateDir({ env, homeDir, cwd: host.cwd });
  const workspaceDir = resolve(host.cwd, expandHome(options.workspace, homeDir));
  const stats = await host.fs.stat(workspaceDir);
  if (stats?.kind !== "directory") {
    throw new UsageError(`${options.workspace}: expected a workspace folder, found ${stats ? "a file" : "nothing"}`);
  }
  const configFile =
    options.configPath === undefined ? join(stateDir, "openclaw.json") : resolve(host.cwd, options.configPath);
  let config: Record<string, unknown> = {};
  const configStats = await host.fs.stat(configFile);
  if (configStats !== undefined || options.configPath !== undefined) {
    let text: string;
    try {
      text = await host.fs.readText(configFile);
    } catch (error) {
      throw new UsageError(
        `${options.configPath ?? configFile}: cannot read config (${(error as { code?: string }).code ?? error})`,
      );
    }
    try {
      const parsed: unknown = JSON5.parse(text);
      if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
        throw new Error("expected a JSON object at the top level");
      }
      config = parsed as Record<string, unknown>;
    } catch (error) {
      const where = error as { lineNumber?: number; columnNumber?: number; message?: string };
      const position = where.lineNumber === undefined ? "" : `:${where.lineNumber}:${where.columnNumber ?? 1}`;
      throw new UsageError(`${configFile}${position}: invalid config: ${where.message ?? String(error)}`);
    }
  }
  const tooDeep = findTooDeepValue(config, MAX_VALUE_DEPTH);
  if (tooDeep !== undefined) {
    throw new UsageError(
      `${configFile}: ${tooDeep.slice(0, 4).join(".")}: expected values nested at most ${MAX_VALUE_DEPTH} levels deep, found deeper nesting; flatten it`,
    );
  }
  options.context.redactor.add(collectConfigSecrets(config));
  const checked = checkOpenClawConfig(config);
  for (const issue of checked.issues) {
    const hint = issue.suggestion === undefined ? "" : ` (did you mean ${issue.suggestion}?)`;
    const line = `${configFile}: ${issue.path}: expected ${issue.expected}, found ${issue.found}${hint}`;
    if (issue.severity === "error") throw new UsageError(line);
    host.stderr(`warning: ${line}\n`);
  }
  const runtime = createRuntime({
    now: host.now,
    timezone: env.TZ?.trim() || "UTC",
    env,
    homeDir,
    stateDir,
    seed: 0,
    platform: host.platform,
  });
  return { workspaceDir, config: checked.config as Record<string, unknown>, runtime };
}
