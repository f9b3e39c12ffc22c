import { isAbsolute, join, relative, resolve } from "node:path";
import type { OpenClawConfigInput } from "../config/openclaw-config-schema.js";
import { resolveConfigSection } from "../config/resolve-openclaw-config.js";
import type { Diagnostic } from "../domain/index.js";
import type { SkillSource } from "./skill-types.js";

/** One directory scanned as an independent root (spec/skills.md §3), in merge order. */
export interface SkillRoot {
  source: SkillSource;
  /** Absolute path. */
  root: string;
  /** Id of the plugin that declared this root (extra tier only). */
  plugin?: string;
}

/** The `skills` list of an enabled plugin's `openclaw.plugin.json`, with the plugin's folder. */
export interface PluginSkillDeclaration {
  id: string;
  /** Absolute folder of the plugin. */
  rootDir: string;
  skills: readonly unknown[];
}

export interface ResolveSkillRootsOptions {
  workspaceDir: string;
  config: OpenClawConfigInput;
  homeDir: string;
  stateDir: string;
  /** The run's environment (`OPENCLAW_BUNDLED_SKILLS_DIR`). */
  env: Readonly<Record<string, string | undefined>>;
  /** Base of relative `extraDirs`; default `workspaceDir` (the cwd of a run). */
  cwd?: string;
  /** Enabled plugins' skill declarations; default none (claw-eval loads no plugins). */
  plugins?: readonly PluginSkillDeclaration[];
}

export interface ResolvedSkillRoots {
  roots: SkillRoot[];
  /** Plugin skill dirs dropped for escaping their plugin folder. */
  diagnostics: Diagnostic[];
}

function expandPath(path: string, homeDir: string, cwd: string): string {
  if (path === "~") return homeDir;
  if (path.startsWith("~/")) return join(homeDir, path.slice(2));
  return resolve(cwd, path);
}

function pluginRoots(options: ResolveSkillRootsOptions, diagnostics: Diagnostic[]): SkillRoot[] {
  const roots: SkillRoot[] = [];
  for (const plugin of options.plugins ?? []) {
    if (plugin.id === "acpx" && !resolveConfigSection(options.config, "acp").enabled) continue;
    for (const declared of plugin.skills) {
      if (typeof declared !== "string" || declared.trim() === "") continue;
      const root = resolve(plugin.rootDir, declared.trim());
      const inside = relative(plugin.rootDir, root);
      if (inside.startsWith("..") || isAbsolute(inside)) {
        diagnostics.push({
          file: join(plugin.rootDir, "openclaw.plugin.json"),
          line: 1,
          column: 1,
          path: "skills",
          expected: "a skill folder inside the plugin folder",
          found: root,
          severity: "warning",
        });
        continue;
      }
      roots.push({ source: "openclaw-extra", root, plugin: plugin.id });
    }
  }
  return roots;
}

/**
 * Every root of spec/skills.md §3, lowest precedence first: `extraDirs` (non-strings and blanks
 * ignored, trimmed, `~` expanded, relative to `cwd`), plugin skill dirs, bundled
 * (`OPENCLAW_BUNDLED_SKILLS_DIR` trimmed, else `skills.load.bundledDir`, else none), managed,
 * personal, project, workspace. Pure: whether a root exists is discovery's business.
 */
export function resolveSkillRoots(options: ResolveSkillRootsOptions): ResolvedSkillRoots {
  const { workspaceDir, config, homeDir, stateDir } = options;
  const cwd = options.cwd ?? workspaceDir;
  const diagnostics: Diagnostic[] = [];
  const roots: SkillRoot[] = [];
  const { load } = resolveConfigSection(config, "skills");
  for (const entry of load.extraDirs) {
    if (entry.trim() === "") continue;
    roots.push({ source: "openclaw-extra", root: expandPath(entry.trim(), homeDir, cwd) });
  }
  roots.push(...pluginRoots(options, diagnostics));
  const bundledFromEnv = options.env.OPENCLAW_BUNDLED_SKILLS_DIR?.trim() ?? "";
  const bundled = bundledFromEnv !== "" ? bundledFromEnv : load.bundledDir;
  if (bundled !== undefined) roots.push({ source: "openclaw-bundled", root: expandPath(bundled, homeDir, cwd) });
  roots.push(
    { source: "openclaw-managed", root: join(stateDir, "skills") },
    { source: "agents-skills-personal", root: join(homeDir, ".agents", "skills") },
    { source: "agents-skills-project", root: join(workspaceDir, ".agents", "skills") },
    { source: "openclaw-workspace", root: join(workspaceDir, "skills") },
  );
  return { roots, diagnostics };
}
