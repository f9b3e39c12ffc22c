import type { AgentEvent, ComplianceCategory, Turn } from "../domain/index.js";
import { createTurnTally } from "./create-turn-tally.js";
import type { TurnOutcome, TurnTally } from "./main-turn-context.js";

/** A turn's outcome with every event of the runs that handled its message. */
export interface ReceivedTurnOutcome extends TurnOutcome {
  events: AgentEvent[];
  /** When the message arrived, ms since the epoch on the unit's clock. */
  arrivedAtMs: number;
}

/**
 * One scenario turn's message on its way through a session: the events of every run that
 * handled it, its tally, and how much work is still open (runs it rides on, children its runs
 * spawned). It settles once nothing is open.
 */
export interface TurnTracker {
  readonly turn: Turn;
  readonly category: ComplianceCategory | undefined;
  /** The message as the turn's run received it. */
  input: string;
  /** When the message arrived (set on arrival). */
  arrivedAtMs: number;
  readonly events: AgentEvent[];
  readonly tally: TurnTally;
  /** The system prompt of the first run that carried the message. */
  systemPrompt: string | undefined;
  /** One more piece of work carries the message. */
  open(): void;
  /** A piece of work ended; settles the turn when it was the last. */
  close(): void;
  /** Settles at once with a finished outcome (a command, a skipped heartbeat, a dropped message). */
  finish(outcome: TurnOutcome): void;
  fail(error: unknown): void;
  readonly settled: Promise<ReceivedTurnOutcome>;
  readonly done: boolean;
}

export function createTurnTracker(turn: Turn, category: ComplianceCategory | undefined): TurnTracker {
  let resolve!: (outcome: ReceivedTurnOutcome) => void;
  let reject!: (error: unknown) => void;
  const settled = new Promise<ReceivedTurnOutcome>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // The runner awaits it; a failure reported before that must not count as unhandled.
  settled.catch(() => {});
  let openCount = 0;
  let done = false;
  const tracker: TurnTracker = {
    turn,
    category,
    input: "",
    arrivedAtMs: 0,
    events: [],
    tally: createTurnTally(),
    systemPrompt: undefined,
    open() {
      openCount++;
    },
    close() {
      openCount--;
      if (openCount > 0 || done) return;
      done = true;
      resolve({
        input: tracker.input,
        systemPrompt: tracker.systemPrompt ?? "",
        ...tracker.tally.result(),
        events: tracker.events,
        arrivedAtMs: tracker.arrivedAtMs,
      });
    },
    finish(outcome) {
      if (done) return;
      done = true;
      resolve({ ...outcome, events: tracker.events, arrivedAtMs: tracker.arrivedAtMs });
    },
    fail(error) {
      if (done) return;
      done = true;
      reject(error);
    },
    settled,
    get done() {
      return done;
    },
  };
  return tracker;
}
