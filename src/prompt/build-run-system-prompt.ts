import type { Runtime } from "../domain/index.js";
import { type AssembledPrompt, assembleSectionedPrompt } from "./assemble-system-prompt.js";
import {
  type BootstrapFile,
  type ContextFileReport,
  DEFAULT_BOOTSTRAP_MAX_CHARS,
  DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS,
  REDUCED_BOOTSTRAP_NAMES,
} from "./bootstrap-files.js";
import { budgetContextFiles } from "./budget-context-files.js";
import { detectShell } from "./build-runtime-line.js";
import { loadBootstrapFiles } from "./load-bootstrap-files.js";
import { readPositiveInteger } from "./read-config-value.js";
import { isCronSessionKey, isSubagentSessionKey, resolvePromptMode } from "./resolve-prompt-mode.js";
import type { PromptMode } from "./system-prompt-input.js";

export interface RunPromptContext {
  config: Readonly<Record<string, unknown>>;
  agentId: string;
  sessionKey: string;
  workspaceDir: string;
  /** `provider/model` as rendered in the runtime line. */
  model: string;
  tools: readonly { name: string; description?: string }[];
  promptModeOverride?: PromptMode;
}

export interface RunPrompt extends AssembledPrompt {
  contextFiles: ContextFileReport[];
  warnings: string[];
}

/** Keeps the files a session may see (spec/prompt.md §9.3). */
export function filterBootstrapFilesForSession(files: readonly BootstrapFile[], sessionKey?: string): BootstrapFile[] {
  if (isSubagentSessionKey(sessionKey) || isCronSessionKey(sessionKey)) {
    return files.filter((file) => REDUCED_BOOTSTRAP_NAMES.has(file.name));
  }
  return [...files];
}

/**
 * Gathers a run's prompt inputs from config and the Runtime, then assembles the prompt
 * (spec/prompt.md §10). Reads the workspace's bootstrap files through `runtime.fs`.
 */
export async function buildRunSystemPrompt(run: RunPromptContext, runtime: Runtime): Promise<RunPrompt> {
  const mode = run.promptModeOverride ?? resolvePromptMode(run.sessionKey);
  const loaded = await loadBootstrapFiles(run.workspaceDir, runtime);
  const budgeted = budgetContextFiles(filterBootstrapFilesForSession(loaded.files, run.sessionKey), {
    maxChars: readPositiveInteger(run.config, "agents.defaults.bootstrapMaxChars", DEFAULT_BOOTSTRAP_MAX_CHARS),
    totalMaxChars: readPositiveInteger(
      run.config,
      "agents.defaults.bootstrapTotalMaxChars",
      DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS,
    ),
  });
  const summaries: Record<string, string> = {};
  for (const tool of run.tools) if (tool.description) summaries[tool.name] = tool.description;
  const platform = runtime.platform;
  const shell = detectShell(runtime.env, platform.platform);
  const assembled = assembleSectionedPrompt({
    workspaceDir: run.workspaceDir,
    promptMode: mode,
    toolNames: run.tools.map((tool) => tool.name),
    toolSummaries: summaries,
    contextFiles: budgeted.contextFiles,
    runtimeInfo: {
      agentId: run.agentId,
      host: platform.hostName,
      os: `${platform.osType} ${platform.osRelease}`,
      arch: platform.arch,
      node: platform.nodeVersion,
      model: run.model,
      ...(shell === undefined ? {} : { shell }),
    },
  });
  const warnings = [
    ...loaded.warnings.map((warning) => `${warning.path}: treated as missing (${warning.reason})`),
    ...budgeted.warnings,
  ];
  return { ...assembled, contextFiles: budgeted.report, warnings };
}
