import type { ContextFile } from "./bootstrap-files.js";
import type { RuntimeInfo } from "./build-runtime-line.js";

export type PromptMode = "full" | "minimal" | "none";

/** Inputs of {@link assembleSystemPrompt} (spec/prompt.md §1.1). */
export interface SystemPromptInput {
  workspaceDir: string;
  /** Default `full`. */
  promptMode?: PromptMode;
  /** Already policy-filtered tool names. */
  toolNames?: readonly string[];
  toolSummaries?: Readonly<Record<string, string>>;
  workspaceNotes?: readonly string[];
  contextFiles?: readonly ContextFile[];
  runtimeInfo?: RuntimeInfo;
  /** Runtime line `thinking=`; default `off`. */
  thinkLevel?: string;
  /** Default `off`. */
  reasoningLevel?: string;
}

export const IDENTITY_LINE = "You are a personal assistant running inside OpenClaw.";
