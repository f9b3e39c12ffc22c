import type { ContextFile } from "./bootstrap-files.js";
import type { RuntimeInfo } from "./build-runtime-line.js";

export type { ContextFile } from "./bootstrap-files.js";
export type { RuntimeInfo } from "./build-runtime-line.js";

export type PromptMode = "full" | "minimal" | "none";
export type OwnerDisplay = "raw" | "hash";
export type MemoryCitationsMode = "auto" | "on" | "off";

/** Sandbox facts rendered in `## Sandbox` and `## Workspace` (spec/prompt.md §6.11, §6.13). */
export interface SandboxPromptInfo {
  enabled: boolean;
  /** Host mount source of the sandbox workspace. */
  workspaceDir?: string;
  /** The workspace path inside the container, e.g. `/workspace`. */
  containerWorkspaceDir?: string;
  workspaceAccess?: "none" | "ro" | "rw";
  /** Where the agent workspace is mounted, e.g. `/agent`. */
  agentWorkspaceMount?: string;
  browserBridgeUrl?: string;
  browserNoVncUrl?: string;
  hostBrowserAllowed?: boolean;
  elevated?: { allowed: boolean; defaultLevel: "on" | "off" | "ask" | "full" };
}

/** How the run wants reactions used (spec/prompt.md §6.21). `channel` is rendered verbatim. */
export interface ReactionGuidance {
  level: "minimal" | "extensive";
  channel: string;
}

/**
 * Inputs of {@link assembleSystemPrompt} (spec/prompt.md §1.1). Every field but `workspaceDir`
 * is optional; text fields are trimmed and a blank value counts as absent (§4.2).
 */
export interface SystemPromptInput {
  workspaceDir: string;
  /** Default `full`; any other value also renders `full`. */
  promptMode?: PromptMode;
  /** Tool names after policy (§8); the renderer never filters. */
  toolNames?: readonly string[];
  /**
   * [runtime] `toolNames` is every tool the model can call (a run's list): when it is empty the
   * Tooling list says that no tool is available, instead of the standard set a caller without a
   * tool list gets. Default `false`.
   */
  toolListComplete?: boolean;
  /** Caller summaries keyed by tool name in any case; used when a tool has no built-in one. */
  toolSummaries?: Readonly<Record<string, string>>;
  /** The skills catalog (skills.md §9.3), inserted verbatim after trimming. */
  skillsPrompt?: string;
  /** `off` switches the Memory Recall citations slot; anything else allows citations. */
  memoryCitationsMode?: MemoryCitationsMode;
  /** Pre-rendered `- <alias>: <provider/model>` lines. */
  modelAliasLines?: readonly string[];
  /** IANA zone; enables the time hint and `## Current Date & Time`. */
  userTimezone?: string;
  /** Extra `## Workspace` lines, one per entry. */
  workspaceNotes?: readonly string[];
  docsPath?: string;
  sandbox?: SandboxPromptInfo;
  ownerNumbers?: readonly string[];
  /** Default `hash` (spec §14 D2); any value other than `raw` hashes. */
  ownerDisplay?: OwnerDisplay;
  /** HMAC key for hashed owner ids, trimmed; blank means plain SHA-256. */
  ownerDisplaySecret?: string;
  /** Channel ids for the message tool's `channel` slot; default: the built-in channel list. */
  deliverableChannels?: readonly string[];
  messageToolHints?: readonly string[];
  ttsHint?: string;
  extraSystemPrompt?: string;
  reactionGuidance?: ReactionGuidance;
  reasoningTagHint?: boolean;
  /** Already budgeted context files (§9.4), rendered in input order. */
  contextFiles?: readonly ContextFile[];
  heartbeatPrompt?: string;
  runtimeInfo?: RuntimeInfo;
  /** Runtime line `thinking=`; default `off`. */
  thinkLevel?: string;
  /** `Reasoning:` line; default `off`. */
  reasoningLevel?: string;
  /** Default `true`. */
  acpEnabled?: boolean;
}

export const IDENTITY_LINE = "You are a personal assistant running inside OpenClaw.";
