import { resolveDefaultAgentId } from "../config/resolve-agent-config.js";
import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";
import type { Runtime } from "../domain/index.js";
import { isCronSessionKey, isSubagentSessionKey } from "../domain/index.js";
import { type AssembledPrompt, assembleSectionedPrompt } from "./assemble-system-prompt.js";
import { type BootstrapFile, type ContextFileReport, REDUCED_BOOTSTRAP_NAMES } from "./bootstrap-files.js";
import { budgetContextFiles } from "./budget-context-files.js";
import { buildModelAliasLines, resolveDefaultModel } from "./build-model-alias-lines.js";
import { detectShell } from "./build-runtime-line.js";
import { findRepoRoot } from "./find-repo-root.js";
import { loadBootstrapFiles } from "./load-bootstrap-files.js";
import { resolvePromptMode } from "./resolve-prompt-mode.js";
import { resolveUserTimezone } from "./resolve-user-timezone.js";
import type { PromptMode, SandboxPromptInfo, SystemPromptInput } from "./system-prompt-input.js";

/** What a run knows when it builds its system prompt (spec/prompt.md §1.2, §10). */
export interface RunPromptContext {
  config: Readonly<Record<string, unknown>>;
  agentId: string;
  sessionKey?: string;
  workspaceDir: string;
  /** Absent in inspection (`claw-eval prompt`), where no model runs. */
  provider?: string;
  modelId?: string;
  thinkLevel?: string;
  reasoningLevel?: string;
  channel?: string;
  capabilities?: readonly string[];
  /** Tools after policy, with descriptions used as summaries. */
  tools: readonly { name: string; description?: string; label?: string }[];
  skillsPrompt?: string;
  extraSystemPrompt?: string;
  ownerNumbers?: readonly string[];
  sandbox?: SandboxPromptInfo;
  contextMode?: "full" | "lightweight";
  runKind?: "default" | "heartbeat" | "cron";
  promptModeOverride?: PromptMode;
  /** Working directory for the repo-root search (the process cwd in inspection). */
  cwd?: string;
  /** Render the Documentation section from this path (absent in inspection and scenarios). */
  docsPath?: string;
}

export interface RunPrompt extends AssembledPrompt {
  input: SystemPromptInput;
  contextFiles: ContextFileReport[];
  warnings: string[];
}

/** Keeps the bootstrap files a session may see (spec/prompt.md §9.3). */
export function filterBootstrapFilesForSession(
  files: readonly BootstrapFile[],
  options: { sessionKey?: string; contextMode?: "full" | "lightweight"; runKind?: string; promptMode?: PromptMode },
): BootstrapFile[] {
  if (options.contextMode === "lightweight") {
    return options.runKind === "heartbeat" ? files.filter((file) => file.name === "HEARTBEAT.md") : [];
  }
  const reduced =
    options.promptMode === "minimal" ||
    isSubagentSessionKey(options.sessionKey) ||
    isCronSessionKey(options.sessionKey);
  return reduced ? files.filter((file) => REDUCED_BOOTSTRAP_NAMES.has(file.name)) : [...files];
}

const REASONING_TAG_PROVIDERS = new Set(["google", "google-gemini-cli", "google-generative-ai"]);

/**
 * Gathers a run's prompt inputs from config and the Runtime, then assembles the prompt
 * (spec/prompt.md §10). Reads bootstrap files and the repo root through `runtime.fs`.
 */
export async function buildRunSystemPrompt(run: RunPromptContext, runtime: Runtime): Promise<RunPrompt> {
  const config = resolveOpenClawConfig(run.config);
  const agentDefaults = config.agents.defaults;
  const mode = run.promptModeOverride ?? resolvePromptMode(run.sessionKey);
  const loaded = await loadBootstrapFiles(run.workspaceDir, runtime);
  const selected = filterBootstrapFilesForSession(loaded.files, {
    ...(run.sessionKey === undefined ? {} : { sessionKey: run.sessionKey }),
    ...(run.contextMode === undefined ? {} : { contextMode: run.contextMode }),
    ...(run.runKind === undefined ? {} : { runKind: run.runKind }),
    promptMode: mode,
  });
  const budgeted = budgetContextFiles(selected, {
    maxChars: agentDefaults.bootstrapMaxChars,
    totalMaxChars: agentDefaults.bootstrapTotalMaxChars,
    memoryMaxLines: agentDefaults.memoryMaxLines,
  });
  const toolSummaries: Record<string, string> = {};
  for (const tool of run.tools) {
    const summary = tool.description?.trim() || tool.label?.trim();
    if (summary) toolSummaries[tool.name] = summary;
  }
  const platform = runtime.platform;
  const shell = detectShell(runtime.env, platform.platform);
  const repoRoot = await findRepoRoot({
    config,
    workspaceDir: run.workspaceDir,
    runtime,
    ...(run.cwd === undefined ? {} : { cwd: run.cwd }),
  });
  const defaultModel = resolveDefaultModel(config);
  const provider = run.provider ?? "";
  const { ownerDisplay, ownerDisplaySecret } = config.commands;
  const bootstrapPresent = loaded.files.some((file) => file.name === "BOOTSTRAP.md" && !file.missing);
  const input: SystemPromptInput = {
    workspaceDir: run.workspaceDir,
    promptMode: mode,
    toolNames: run.tools.map((tool) => tool.name),
    toolListComplete: true,
    toolSummaries,
    ...(run.skillsPrompt === undefined ? {} : { skillsPrompt: run.skillsPrompt }),
    memoryCitationsMode: config.memory.citations,
    modelAliasLines: buildModelAliasLines(config),
    userTimezone: resolveUserTimezone(run.config, runtime.timezone),
    workspaceNotes: bootstrapPresent
      ? ["After editing files in this workspace, commit your changes so the history stays recoverable."]
      : [],
    ...(run.docsPath === undefined ? {} : { docsPath: run.docsPath }),
    ...(run.sandbox === undefined ? {} : { sandbox: run.sandbox }),
    ...(run.ownerNumbers === undefined ? {} : { ownerNumbers: run.ownerNumbers }),
    ownerDisplay,
    ...(ownerDisplaySecret === undefined ? {} : { ownerDisplaySecret }),
    ...(run.extraSystemPrompt === undefined ? {} : { extraSystemPrompt: run.extraSystemPrompt }),
    reasoningTagHint: REASONING_TAG_PROVIDERS.has(provider) || provider.includes("minimax"),
    contextFiles: budgeted.contextFiles,
    heartbeatPrompt: run.agentId === resolveDefaultAgentId(config) ? agentDefaults.heartbeat.prompt : "",
    runtimeInfo: {
      agentId: run.agentId,
      host: platform.hostName,
      ...(repoRoot === undefined ? {} : { repoRoot }),
      os: `${platform.osType} ${platform.osRelease}`,
      arch: platform.arch,
      node: platform.nodeVersion,
      ...(run.provider ? { model: run.modelId ? `${run.provider}/${run.modelId}` : run.provider } : {}),
      ...(defaultModel === undefined ? {} : { defaultModel }),
      ...(shell === undefined ? {} : { shell }),
      ...(run.channel === undefined ? {} : { channel: run.channel }),
      ...(run.capabilities === undefined ? {} : { capabilities: run.capabilities }),
    },
    ...(run.thinkLevel === undefined ? {} : { thinkLevel: run.thinkLevel }),
    ...(run.reasoningLevel === undefined ? {} : { reasoningLevel: run.reasoningLevel }),
    acpEnabled: config.acp.enabled,
  };
  const assembled = assembleSectionedPrompt(input);
  const warnings = [
    ...loaded.warnings.map((warning) => `${warning.path}: treated as missing (${warning.reason})`),
    ...budgeted.warnings,
  ];
  return { ...assembled, input, contextFiles: budgeted.report, warnings };
}
