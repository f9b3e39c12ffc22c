import type { ComplianceCategory, HeartbeatWakeReason, Turn } from "../domain/index.js";
import type { createTurnTally, TurnTotals } from "./create-turn-tally.js";
import type { LastHeartbeatAlert } from "./decide-heartbeat-outcome.js";
import type { AgentHeartbeatConfig } from "./resolve-agent-heartbeat-config.js";
import type { SessionRunWorld, SessionState } from "./session-run-types.js";

/** The sums of a turn's runs as {@link createTurnTally} keeps them. */
export type TurnTally = ReturnType<typeof createTurnTally>;

export interface TurnOptions {
  turn: Turn;
  category?: ComplianceCategory;
  signal?: AbortSignal;
}

export interface TurnOutcome extends TurnTotals {
  input: string;
  /** The system prompt of the turn's own run. */
  systemPrompt: string;
}

/** What a turn of the main session carries over to the next; the turn's steps update it. */
export interface MainTurnMemo {
  /** The last heartbeat alert delivered, for the duplicate check. */
  lastHeartbeatAlert: LastHeartbeatAlert | undefined;
  /** The usage of the main session's last settled run, tokens (what the memory flush projects from). */
  lastRun: { promptTokens: number; outputTokens: number };
  /** The turn in progress, which also pays for the compaction summaries its runs ask for. */
  tally: TurnTally | undefined;
}

/** Everything the steps of a main-session turn share; one per agent session. */
export interface MainTurnContext {
  world: SessionRunWorld;
  main: SessionState;
  agentId: string;
  /** The user's IANA time zone, for the time line of the input and the heartbeat checks. */
  userTimezone: string;
  /** The main agent's heartbeat settings, enablement and delivery. */
  heartbeat: AgentHeartbeatConfig;
  memo: MainTurnMemo;
  /** Keeps the transcript of a session that `/new` or `/reset` closed. */
  retire(session: SessionState): void;
}

/** The turn's wake reason as event and delivery fields: empty when the turn has none. */
export function turnWake(turn: Turn): { wakeReason?: HeartbeatWakeReason } {
  return turn.wakeReason === undefined ? {} : { wakeReason: turn.wakeReason };
}
