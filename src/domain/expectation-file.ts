import type { CompactionTrigger, PruneMechanism } from "./compaction.js";
import type { AgentEventType } from "./events.js";
import type { HookName } from "./hooks.js";

/** The expectations of a turn as a scenario file writes them (before normalisation). */

export type ToolCalledFile =
  | string
  | { name: string; input?: Record<string, unknown> | undefined; times?: number | undefined };

export type ToolNotCalledFile = string | { name: string; input?: Record<string, unknown> | undefined };

/** `cost-max`: USD a turn may cost, or `{ usd, per }` with `per` `turn` (default) or `unit`. */
export type CostMaxFile = number | { usd: number; per?: "turn" | "unit" | undefined };

export type HookCalledFile = HookName | { name: HookName; times?: number | undefined; plugin?: string | undefined };

export type ToolBlockedFile = string | { name: string; reason?: string | undefined };

/** `event:` as written: the event `type`, `times`, and any other key is a field its events must contain. */
export interface EventFile {
  type: AgentEventType;
  times?: number | undefined;
  [field: string]: unknown;
}

export type CustomFile = string | { module: string; export?: string | undefined; options?: unknown };

/** Why a merged skill is not eligible (spec/skills.md §6, §7, §14 `excluded`). */
export type SkillExclusionReason =
  | "disabled"
  | "not-in-allowBundled"
  | "os-mismatch"
  | "missing-bins"
  | "missing-any-bins"
  | "missing-env"
  | "missing-config"
  | "not-in-skill-filter";

/** Why an eligible skill is not in the catalog (spec/skills.md §8, §9, §14 `dropped`). */
export type SkillDropReason = "disable-model-invocation" | "count-limit" | "char-budget";

/** Why a skill is not in the catalog: excluded or dropped. */
export type SkillAbsenceReason = SkillExclusionReason | SkillDropReason;

export type SkillsExcludedEntryFile = string | { name: string; reason?: SkillAbsenceReason | undefined };

export type ExpectationFile =
  | { "reply-equals": string }
  | { "reply-contains": string | string[] }
  | { "reply-matches": string }
  | { "tool-called": ToolCalledFile }
  | { "tool-not-called": ToolNotCalledFile }
  | { "tool-sequence": string[] }
  | { "prompt-contains": string | string[] }
  | { "prompt-golden": string }
  | { "skills-included": string | string[] }
  | { "skills-excluded": SkillsExcludedEntryFile | SkillsExcludedEntryFile[] }
  | { "skills-truncated": boolean }
  | { "heartbeat-ack": boolean }
  | { delivered: boolean }
  | { "reply-silent": boolean }
  | { "stream-clean": boolean }
  | { "subagent-spawned": boolean | SubagentSpawnedFile }
  | { "hook-called": HookCalledFile }
  | { "tool-blocked": ToolBlockedFile }
  | { event: EventFile }
  | { custom: CustomFile }
  | { compaction: boolean | CompactionFile }
  | { pruned: boolean | PrunedFile }
  | { "prompt-tokens-max": number }
  | { "cost-max": CostMaxFile }
  | { "memory-top-hit": MemoryTopHitFile }
  | { "memory-cited": true | MemoryCitedFile }
  | { "memory-written": MemoryWrittenFile }
  | { "memory-recalled": boolean | MemoryRecalledFile };

/** `memory-top-hit:` as written; `lines` is `L3` or `L3-L5` (1-based, inclusive). */
export interface MemoryTopHitFile {
  path: string;
  lines?: string | undefined;
  rank?: number | undefined;
  query?: string | undefined;
}

/** `memory-cited:` as a mapping. */
export interface MemoryCitedFile {
  path?: string | undefined;
}

/** `memory-written:` as written. */
export interface MemoryWrittenFile {
  path: string;
  contains?: string | string[] | undefined;
  appendOnly?: boolean | undefined;
}

/** `memory-recalled:` as a mapping. */
export interface MemoryRecalledFile {
  path?: string | undefined;
  count?: number | undefined;
}

/** `compaction:` as a mapping; `triggered` defaults to true. */
export interface CompactionFile {
  triggered?: boolean | undefined;
  trigger?: CompactionTrigger | undefined;
  identifiersPreserved?: number | undefined;
  tokensAfterMax?: number | undefined;
  reduction?: { min?: number | undefined; max?: number | undefined } | undefined;
  structure?: boolean | undefined;
}

/** `pruned:` as a mapping. */
export interface PrunedFile {
  mechanism?: PruneMechanism | undefined;
  tools?: string | string[] | undefined;
  count?: number | undefined;
}

export interface SubagentSpawnedFile {
  count?: number | undefined;
  task?: string | undefined;
  label?: string | undefined;
  announced?: boolean | undefined;
}
