import type { CompactionTrigger, PruneMechanism } from "./compaction.js";
import type { AgentEventType } from "./events.js";
import type { SkillAbsenceReason } from "./expectation-file.js";
import type { HookName } from "./hooks.js";
import type { SourceLocation } from "./scenario.js";

/** Normalised expectations: what a scenario's `expect:` entries become once loaded. */

interface ExpectationBase {
  location: SourceLocation;
}

/** A normalised expectation. `type` is the kebab-case key written in the file. */
export type Expectation = ExpectationBase &
  (
    | { type: "reply-equals"; value: string }
    | { type: "reply-contains"; values: string[] }
    | { type: "reply-matches"; pattern: string; flags: string }
    | { type: "tool-called"; name: string; input?: Record<string, unknown>; times?: number }
    /** No call to tool `name` (with an input containing `input`, when given) was made in the turn. */
    | { type: "tool-not-called"; name: string; input?: Record<string, unknown> }
    | { type: "tool-sequence"; names: string[] }
    | { type: "prompt-contains"; values: string[] }
    /** `file`: absolute path of the golden file the turn's system prompt is compared with. */
    | { type: "prompt-golden"; file: string }
    | { type: "skills-included"; names: string[] }
    | { type: "skills-excluded"; skills: { name: string; reason?: SkillAbsenceReason }[] }
    | { type: "skills-truncated"; value: boolean }
    /** `value`: the reply was a heartbeat acknowledgement with nothing else delivered (or not). */
    | { type: "heartbeat-ack"; value: boolean }
    /** `value`: a `delivery` event with status `sent` exists in the turn (or none does). */
    | { type: "delivered"; value: boolean }
    /** `value`: nothing was delivered because the reply was silent (`NO_REPLY`), or the reverse. */
    | { type: "reply-silent"; value: boolean }
    /**
     * `value`: no reply streamed in the turn showed `NO_REPLY` or `HEARTBEAT_OK` to the user (the
     * `message_update` deltas of each model call, concatenated), or (`false`) one did.
     */
    | { type: "stream-clean"; value: boolean }
    /**
     * Sub-agents spawned in the turn (`spawned: false` ⇒ none), optionally only those whose task
     * contains `task` or whose label is `label`; `count`: exactly that many; `announced`: every
     * such child's result was announced back (or none was).
     */
    | { type: "subagent-spawned"; spawned: boolean; count?: number; task?: string; label?: string; announced?: boolean }
    /**
     * Handlers of hook `name` (of plugin `plugin`, when given) ran in the turn: at least once,
     * or exactly `times` times (`times: 0` = never).
     */
    | { type: "hook-called"; name: HookName; times?: number; plugin?: string }
    /** A call to tool `name` was blocked by a hook in the turn; `reason` is a substring of the block reason. */
    | { type: "tool-blocked"; name: string; reason?: string }
    /**
     * Events of type `event` in the turn whose fields contain `fields` (a deep subset, matched as
     * `tool-called` matches `input`; empty: any such event): at least one, or exactly `times`
     * (`times: 0` = none).
     */
    | { type: "event"; event: AgentEventType; fields: Record<string, unknown>; times?: number }
    | { type: "custom"; module: string; exportName: string; options?: unknown }
    /**
     * Compactions in the turn (context.md §4, §8): `triggered` says whether one was written
     * (`false`: none); `trigger` narrows to what asked for it; `identifiersPreserved` is the lowest
     * acceptable preservation rate of every written compaction (0–1; a compaction with no
     * identifiers passes); `tokensAfterMax` bounds tokens after; `reduction` bounds the token
     * reduction ratio; `structure` requires every §8.3 check to pass (or one to fail).
     */
    | {
        type: "compaction";
        triggered: boolean;
        trigger?: CompactionTrigger;
        identifiersPreserved?: number;
        tokensAfterMax?: number;
        reduction?: { min?: number; max?: number };
        structure?: boolean;
      }
    /**
     * Tool results the context pipeline shortened or removed in the turn (context.md §6):
     * `pruned: false` means none; else results pruned by `mechanism` (any when absent), of the
     * tools named in `tools` (each must appear), at least or exactly `count` of them.
     */
    | { type: "pruned"; pruned: boolean; mechanism?: PruneMechanism; tools?: string[]; count?: number }
    /** Every model call of the turn carried at most `max` estimated tokens (system prompt + messages). */
    | { type: "prompt-tokens-max"; max: number }
    /**
     * The model cost of the turn (`per: "turn"`) or of the unit's turns so far, this one included
     * (`per: "unit"`), was at most `maxUsd` US dollars; an unknown cost fails.
     */
    | { type: "cost-max"; maxUsd: number; per: "turn" | "unit" }
    /**
     * The turn's `memory_search` call (the first, or the first whose query is `query`) returned,
     * within its top `rank` results (default 1), one of file `path` whose line range overlaps
     * `lines` when given (1-based, inclusive).
     */
    | { type: "memory-top-hit"; path: string; lines?: LineRange; rank: number; query?: string }
    /**
     * The final reply cites `path#Lx` or `path#Lx-Ly` inside a result of a `memory_search` call of
     * the turn; with `path`, a citation of that file.
     */
    | { type: "memory-cited"; path?: string }
    /**
     * A successful `write`/`edit` of `path` in the turn wrote content containing every text of
     * `contains` (empty: any); `appendOnly` also requires every write to keep earlier bytes as a prefix.
     */
    | { type: "memory-written"; path: string; contains: string[]; appendOnly: boolean }
    /**
     * Passive recall injected notes in the turn (`recalled: false` ⇒ none); of file `path` when
     * given; exactly `count` notes when given.
     */
    | { type: "memory-recalled"; recalled: boolean; path?: string; count?: number }
  );

/** Lines `start` to `end` of a file, 1-based and inclusive (`start ≤ end`). */
export interface LineRange {
  start: number;
  end: number;
}

export type ExpectationType = Expectation["type"];

export type ExpectationOf<T extends ExpectationType> = Extract<Expectation, { type: T }>;
