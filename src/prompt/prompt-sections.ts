import { authorizedSendersSection } from "./sections/authorized-senders.js";
import { cliSection } from "./sections/cli.js";
import { dateTimeSection } from "./sections/date-time.js";
import { documentationSection } from "./sections/documentation.js";
import { extraContextSection } from "./sections/extra-context.js";
import { heartbeatsSection } from "./sections/heartbeats.js";
import { identitySection } from "./sections/identity.js";
import { memoryRecallSection } from "./sections/memory-recall.js";
import { messagingSection } from "./sections/messaging.js";
import { modelAliasesSection } from "./sections/model-aliases.js";
import { projectContextSection } from "./sections/project-context.js";
import type { PromptSection } from "./sections/prompt-section.js";
import { reactionsSection } from "./sections/reactions.js";
import { reasoningFormatSection } from "./sections/reasoning-format.js";
import { replyTagsSection } from "./sections/reply-tags.js";
import { runtimeSection } from "./sections/runtime.js";
import { safetySection } from "./sections/safety.js";
import { sandboxSection } from "./sections/sandbox.js";
import { selfUpdateSection } from "./sections/self-update.js";
import { silentRepliesSection } from "./sections/silent-replies.js";
import { skillsSection } from "./sections/skills.js";
import { timeHintSection } from "./sections/time-hint.js";
import { toolCallStyleSection } from "./sections/tool-call-style.js";
import { toolingSection } from "./sections/tooling.js";
import { voiceSection } from "./sections/voice.js";
import { workspaceSection } from "./sections/workspace.js";
import { workspaceFilesSection } from "./sections/workspace-files.js";

export type {
  BodyElement,
  PromptSection,
  SectionBody,
  SectionContext,
  SubHeading,
} from "./sections/prompt-section.js";

/** Section ids in prompt order (spec/prompt.md §5). */
export const SECTION_IDS = [
  "identity",
  "tooling",
  "tool-call-style",
  "safety",
  "cli",
  "skills",
  "memory-recall",
  "self-update",
  "model-aliases",
  "time-hint",
  "workspace",
  "documentation",
  "sandbox",
  "authorized-senders",
  "date-time",
  "workspace-files",
  "reply-tags",
  "messaging",
  "voice",
  "extra-context",
  "reactions",
  "reasoning-format",
  "project-context",
  "silent-replies",
  "heartbeats",
  "runtime",
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** One renderer per section id, in a Record so a new id without a renderer fails to compile. */
export const PROMPT_SECTIONS: Record<SectionId, PromptSection> = {
  identity: identitySection,
  tooling: toolingSection,
  "tool-call-style": toolCallStyleSection,
  safety: safetySection,
  cli: cliSection,
  skills: skillsSection,
  "memory-recall": memoryRecallSection,
  "self-update": selfUpdateSection,
  "model-aliases": modelAliasesSection,
  "time-hint": timeHintSection,
  workspace: workspaceSection,
  documentation: documentationSection,
  sandbox: sandboxSection,
  "authorized-senders": authorizedSendersSection,
  "date-time": dateTimeSection,
  "workspace-files": workspaceFilesSection,
  "reply-tags": replyTagsSection,
  messaging: messagingSection,
  voice: voiceSection,
  "extra-context": extraContextSection,
  reactions: reactionsSection,
  "reasoning-format": reasoningFormatSection,
  "project-context": projectContextSection,
  "silent-replies": silentRepliesSection,
  heartbeats: heartbeatsSection,
  runtime: runtimeSection,
};
