import type { ContextFile } from "./bootstrap-files.js";
import type { RuntimeInfo } from "./build-runtime-line.js";
import { type NormalisedTools, normaliseToolNames, normaliseToolSummaries } from "./format-tool-list.js";
import { sanitizeForPromptLiteral } from "./sanitize-for-prompt-literal.js";
import type {
  MemoryCitationsMode,
  PromptMode,
  ReactionGuidance,
  SandboxPromptInfo,
  SystemPromptInput,
} from "./system-prompt-input.js";

/** Sandbox facts with the path fields sanitised (§4.4) and blank strings treated as absent. */
export interface NormalisedSandbox {
  workspaceDir?: string;
  containerWorkspaceDir?: string;
  workspaceAccess?: SandboxPromptInfo["workspaceAccess"];
  agentWorkspaceMount?: string;
  browserBridgeUrl?: string;
  browserNoVncUrl?: string;
  hostBrowserAllowed?: boolean;
  elevated?: SandboxPromptInfo["elevated"];
}

/** {@link SystemPromptInput} after spec/prompt.md §4: what every section renders from. */
export interface NormalisedPromptInput {
  mode: PromptMode;
  /** `minimal` or `none`. */
  isMinimal: boolean;
  /** Sanitised. */
  workspaceDir: string;
  tools: NormalisedTools;
  toolSummaries: ReadonlyMap<string, string>;
  skillsPrompt?: string;
  memoryCitationsMode?: MemoryCitationsMode;
  modelAliasLines: string[];
  userTimezone?: string;
  workspaceNotes: string[];
  docsPath?: string;
  /** Present only when `sandbox.enabled === true`. */
  sandbox?: NormalisedSandbox;
  /** Trimmed, blanks dropped; not yet formatted for display. */
  ownerNumbers: string[];
  ownerDisplay?: string;
  ownerDisplaySecret?: string;
  deliverableChannels: string[];
  messageToolHints: string[];
  ttsHint?: string;
  extraSystemPrompt?: string;
  reactionGuidance?: ReactionGuidance;
  reasoningTagHint: boolean;
  contextFiles: readonly ContextFile[];
  heartbeatPrompt?: string;
  runtimeInfo?: RuntimeInfo;
  /** `runtimeInfo.channel` trimmed and lower-cased; empty when unknown. */
  channel: string;
  /** `runtimeInfo.capabilities` trimmed, blanks dropped, case and order kept. */
  capabilities: string[];
  thinkLevel?: string;
  reasoningLevel?: string;
  acpEnabled: boolean;
  toolListComplete: boolean;
}

export function resolvePromptModeValue(mode: unknown): PromptMode {
  return mode === "minimal" || mode === "none" ? mode : "full";
}

/** Trimmed text, or `undefined` when absent or blank (§4.2). */
function text(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

function textList(values: readonly unknown[] | undefined): string[] {
  return (values ?? []).map((value) => text(value)).filter((value): value is string => value !== undefined);
}

/** Sanitised path literal, or `undefined` when absent or blank after sanitising. */
function literal(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const sanitised = sanitizeForPromptLiteral(value);
  return sanitised.trim() === "" ? undefined : sanitised;
}

function normaliseSandbox(sandbox: SandboxPromptInfo | undefined): NormalisedSandbox | undefined {
  if (sandbox?.enabled !== true) return undefined;
  return {
    workspaceDir: literal(sandbox.workspaceDir),
    containerWorkspaceDir: literal(sandbox.containerWorkspaceDir),
    workspaceAccess: sandbox.workspaceAccess,
    agentWorkspaceMount: literal(sandbox.agentWorkspaceMount),
    browserBridgeUrl: text(sandbox.browserBridgeUrl),
    browserNoVncUrl: literal(sandbox.browserNoVncUrl),
    hostBrowserAllowed: sandbox.hostBrowserAllowed,
    elevated: sandbox.elevated,
  };
}

/** Applies spec/prompt.md §4 (tools, text inputs, channel and capabilities, sanitising). Pure. */
export function normalisePromptInput(input: SystemPromptInput): NormalisedPromptInput {
  const mode = resolvePromptModeValue(input.promptMode);
  return {
    mode,
    isMinimal: mode !== "full",
    workspaceDir: sanitizeForPromptLiteral(String(input.workspaceDir ?? "")),
    tools: normaliseToolNames(input.toolNames ?? []),
    toolSummaries: normaliseToolSummaries(input.toolSummaries),
    skillsPrompt: text(input.skillsPrompt),
    memoryCitationsMode: input.memoryCitationsMode,
    modelAliasLines: textList(input.modelAliasLines),
    userTimezone: text(input.userTimezone),
    workspaceNotes: textList(input.workspaceNotes),
    docsPath: text(input.docsPath),
    sandbox: normaliseSandbox(input.sandbox),
    ownerNumbers: textList(input.ownerNumbers),
    ownerDisplay: input.ownerDisplay,
    ownerDisplaySecret: input.ownerDisplaySecret,
    deliverableChannels: textList(input.deliverableChannels),
    messageToolHints: textList(input.messageToolHints),
    ttsHint: text(input.ttsHint),
    extraSystemPrompt: text(input.extraSystemPrompt),
    reactionGuidance: input.reactionGuidance,
    reasoningTagHint: input.reasoningTagHint === true,
    contextFiles: input.contextFiles ?? [],
    heartbeatPrompt: text(input.heartbeatPrompt),
    runtimeInfo: input.runtimeInfo,
    channel: text(input.runtimeInfo?.channel)?.toLowerCase() ?? "",
    capabilities: textList((input.runtimeInfo?.capabilities ?? []).map((entry) => String(entry))),
    thinkLevel: input.thinkLevel,
    reasoningLevel: input.reasoningLevel,
    acpEnabled: input.acpEnabled !== false,
    toolListComplete: input.toolListComplete === true,
  };
}
