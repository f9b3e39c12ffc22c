import type { Expectation } from "./expectation.js";
import type { ExpectationFile } from "./expectation-file.js";

/**
 * Scenario types. `ScenarioFile` is the YAML as written (equal to the zod schema's output,
 * a type test keeps them in sync); `Scenario` is the normalised form the runner uses.
 */

/** Injectable faults; `overflow` is a provider's "prompt is too long" (a context overflow). */
export const FAULT_KINDS = ["429", "5xx", "timeout", "malformed", "empty", "overflow"] as const;

/** The kinds `--faults` injects when it names none: every provider failure but the overflow. */
export const DEFAULT_FAULT_KINDS = ["429", "5xx", "timeout", "malformed", "empty"] as const;

export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  /** Probability in [0, 1] that a model call gets a fault. */
  rate: number;
  kinds: FaultKind[];
  seed?: number | undefined;
}

export type ScriptToolCallFile = {
  tool: string;
  input?: Record<string, unknown> | undefined;
  /** Simulated time the call takes, e.g. `"2m"` (a duration; default 0). */
  takes?: string | undefined;
};

export type ScriptStepFile =
  | { text: string; takes?: string | undefined }
  | {
      tool: string;
      input?: Record<string, unknown> | undefined;
      text?: string | undefined;
      takes?: string | undefined;
    }
  | { tools: ScriptToolCallFile[]; text?: string | undefined }
  | { error: { status?: number | undefined; message: string; retryAfter?: number | undefined } }
  | { hang: true };

/** One scripted answer to a compaction summary call, as written under `summaries:`. */
export type SummaryStepFile =
  | { text: string }
  | { error: { status?: number | undefined; message: string } }
  | { hang: true };

export interface ApprovalFile {
  match: string;
  decision: "allow" | "deny";
}

/**
 * Why a heartbeat runs (spec/loop.md §5.2, §5.3): the interval timer, a manual or generic wake,
 * an exec completion, or a cron job. `manual`, `exec-event` and `cron:<jobId>` bypass the
 * empty-`HEARTBEAT.md` check.
 */
export type HeartbeatWakeReason = "interval" | "manual" | "exec-event" | "wake" | `cron:${string}`;

/** Where a message comes from, as written under `from:` (turn or scenario). */
export interface MessageOriginFile {
  chat?: "direct" | "group" | "channel" | undefined;
  /** Channel id (`whatsapp`, `telegram`, ...); default `scenario`. */
  channel?: string | undefined;
  /** Group or channel id; required for group and channel chats. */
  id?: string | undefined;
  /** Who sent it; default `owner`. */
  sender?: string | undefined;
  /** Whether the sender is the owner; default true when the sender is `owner` or unset. */
  owner?: boolean | undefined;
}

/** A heartbeat schedule on the simulated clock, as written under the scenario's `heartbeats:`. */
export interface HeartbeatScheduleFile {
  /** Interval (duration); default the agent's `heartbeat.every` from the config. */
  every?: string | undefined;
  /** How long the schedule runs from the scenario clock (duration), e.g. `"1d"`. */
  for: string;
  script?: ScriptStepFile[] | undefined;
  expect?: ExpectationFile[] | undefined;
  /** Heartbeats whose wall-clock time (`"HH:MM"`, user time zone) matches get this script and these expectations instead. */
  overrides?:
    | { at: string; script?: ScriptStepFile[] | undefined; expect?: ExpectationFile[] | undefined }[]
    | undefined;
}

export interface TurnFile {
  /** When the message arrives: `"+5m"` (after the previous turn arrived), `"09:30"` (next such time), or an ISO instant. */
  at?: string | undefined;
  /** `previous`: arrives right after the previous turn's message, while its run is busy (same as `at: "+0s"`). */
  during?: "previous" | undefined;
  from?: MessageOriginFile | undefined;
  user?: string | undefined;
  /** `true` (reason `interval`) or `{ reason }`. */
  heartbeat?: boolean | { reason: HeartbeatWakeReason } | undefined;
  system?: string | { text: string; reason?: HeartbeatWakeReason | undefined } | undefined;
  script?: ScriptStepFile[] | undefined;
  summaries?: SummaryStepFile[] | undefined;
  approvals?: ApprovalFile[] | undefined;
  expect?: ExpectationFile[] | undefined;
}

export interface ScenarioFile {
  name: string;
  description?: string | undefined;
  tags?: string[] | undefined;
  workspace?: string | undefined;
  config?: Record<string, unknown> | undefined;
  env?: Record<string, string> | undefined;
  clock?: string | undefined;
  timezone?: string | undefined;
  models?: string[] | undefined;
  repeat?: number | undefined;
  hooks?: string[] | undefined;
  faults?: FaultSpec | undefined;
  home?: string | undefined;
  bins?: string[] | undefined;
  golden?: { systemPrompt?: string | undefined } | undefined;
  /** Seconds for the whole scenario run. */
  timeout?: number | undefined;
  /** Maximum model calls per turn. */
  maxSteps?: number | undefined;
  cases?: string | Record<string, unknown>[] | undefined;
  summaries?: SummaryStepFile[] | undefined;
  /** Tokens. */
  contextWindow?: number | undefined;
  /** Path of a JSONL transcript, relative to the scenario file. */
  session?: string | undefined;
  /** Default origin of every turn. */
  from?: MessageOriginFile | undefined;
  /** Stream model replies (scripted and live): `message_update` events, streaming prefix guard. */
  stream?: boolean | undefined;
  heartbeats?: HeartbeatScheduleFile | undefined;
  turns: TurnFile[];
}

export type TurnKind = "user" | "heartbeat" | "system";

/** Compliance category of a turn, derived from its expectations (DESIGN.md). */
export type ComplianceCategory = "quiet" | "alert" | "silent-expected" | "reply-expected";

/** Where something was written: 1-based line and column in `file`. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

export interface ScriptToolCall {
  name: string;
  input: Record<string, unknown>;
  /** Simulated milliseconds the tool call takes (`takes:`); absent = none. */
  takesMs?: number;
}

/** One step the scripted model plays, consumed in order across a turn's model calls. */
export type ScriptStep =
  /** `takesMs`: simulated milliseconds the model takes to answer. */
  | { kind: "text"; text: string; takesMs?: number }
  | { kind: "tool_calls"; calls: ScriptToolCall[]; text?: string }
  | { kind: "error"; status?: number; message: string; retryAfterMs?: number }
  /** The call never answers until it is aborted (a compaction timeout, a unit timeout, an interrupt). */
  | { kind: "hang" };

export interface Approval {
  /** Glob over the whole command (`*` matches anything). */
  match: string;
  decision: "allow" | "deny";
}

/**
 * When a turn's message arrives on the unit's simulated clock. `settled`: once everything the
 * previous turn started has settled (the default; the first turn arrives at the scenario
 * clock). `after`: `ms` after the previous turn's message arrived (`at: "+5m"`; `during:
 * previous` is `ms: 0`); the first turn: after the scenario clock. `clock`: the first time at
 * or after the previous arrival whose wall clock in the scenario's time zone is `minuteOfDay`.
 * `instant`: at `ms` since the epoch (never before the previous arrival).
 */
export type TurnArrival =
  | { kind: "settled" }
  | { kind: "after"; ms: number }
  | { kind: "clock"; minuteOfDay: number }
  | { kind: "instant"; ms: number };

/** Where a turn's message comes from. */
export interface MessageOrigin {
  /** `direct`: a one-to-one chat (the main session). */
  chat: "direct" | "group" | "channel";
  /** Channel id; `scenario` unless written. */
  channel: string;
  /** Group or channel id (set for group and channel chats). */
  id?: string;
  /** Who sent it (`owner` unless written). */
  sender: string;
  owner: boolean;
}

/** The scenario's `heartbeats:` schedule, normalised. */
export interface HeartbeatSchedule {
  /** Interval; absent = the agent's `heartbeat.every`. */
  everyMs?: number;
  /** Length of the schedule from the scenario clock. */
  forMs: number;
  script: ScriptStep[];
  expect: Expectation[];
  overrides: { minuteOfDay: number; script: ScriptStep[]; expect: Expectation[]; location: SourceLocation }[];
  location: SourceLocation;
}

export interface Turn {
  index: number;
  kind: TurnKind;
  /** When its message arrives (default `settled`). */
  arrival: TurnArrival;
  /** Where its message comes from (default: the owner, direct chat, `scenario` channel). */
  origin: MessageOrigin;
  /** User text or system event text; empty for heartbeat turns (the runtime supplies the prompt). */
  text: string;
  /** Why a heartbeat runs (`heartbeat: { reason }`, unset = `interval`) or a system event wakes the session (`system: { reason }`, unset = `wake`). */
  wakeReason?: HeartbeatWakeReason;
  script: ScriptStep[];
  /**
   * What the scripted model answers to this turn's compaction summary calls, in order; absent ⇒
   * the scenario's `summaries` serve them.
   */
  summaries?: ScriptStep[];
  approvals: Approval[];
  expect: Expectation[];
  location: SourceLocation;
}

export interface Scenario {
  /** Scenario id, with `#<case>` for data-driven cases. */
  id: string;
  /** Id of the scenario file, without the case suffix. */
  fileId: string;
  caseId?: string;
  /** Absolute path of the scenario file. */
  file: string;
  name: string;
  description?: string;
  tags: string[];
  /** Absolute path of the workspace to copy, if any. */
  workspace?: string;
  home?: string;
  config: Record<string, unknown>;
  env: Record<string, string>;
  /** Scenario clock, ms since the epoch. */
  clockMs: number;
  timezone: string;
  models: string[];
  repeat: number;
  /** Absolute module paths. */
  hooks: string[];
  faults?: FaultSpec;
  bins: string[];
  /**
   * `systemPrompt`: absolute path of the golden file of the first turn's system prompt;
   * `location`: where `golden.systemPrompt` is written.
   */
  golden?: { systemPrompt?: string; location?: SourceLocation };
  /** Milliseconds for the whole unit, if set. */
  timeoutMs?: number;
  /** Maximum model calls per turn (default 25). */
  maxSteps: number;
  /**
   * What the scripted model answers to compaction summary calls of turns without their own
   * `summaries`, consumed in order across the unit (empty: such a call fails naming the turn).
   */
  summaries: ScriptStep[];
  /** The context window of every model of the scenario, tokens; overrides config and the known-model table. */
  contextWindow?: number;
  /** Absolute path of a session transcript (JSONL) the main session starts from. */
  session?: string;
  /** Stream model replies. */
  stream: boolean;
  heartbeats?: HeartbeatSchedule;
  turns: Turn[];
}

/** The origin of a turn that names none: the owner in a direct chat on the scenario channel. */
export const OWNER_ORIGIN: MessageOrigin = { chat: "direct", channel: "scenario", sender: "owner", owner: true };

export const DEFAULT_MAX_STEPS = 25;
/** The clock of a scenario that sets none. */
export const DEFAULT_CLOCK = "2026-03-11T09:00:00.000Z";
