import fc from "fast-check";
import type { ReceivedTurnOutcome } from "../../src/agent/create-agent-session.js";
import type { AgentEvent, QueueAction, QueueMode, Turn } from "../../src/domain/index.js";
import { playUnitTimeline } from "../../src/runner/play-unit-timeline.js";
import { buildScenario, buildTurn } from "../support/build-turn.js";
import { createTestSession } from "../support/create-test-session.js";

/** A random queue setting and a random stream of messages, each with a tool call and a reply that take time. */
export interface QueueCase {
  mode: QueueMode;
  cap: number;
  drop: "old" | "new" | "summarize";
  debounceMs: number;
  messages: { afterMs: number; toolMs: number; replyMs: number }[];
}

const minutes = (count: number) => count * 60_000;

export const queueCaseArbitrary: fc.Arbitrary<QueueCase> = fc.record({
  mode: fc.constantFrom<QueueMode>("collect", "followup", "steer", "steer-backlog", "interrupt"),
  cap: fc.integer({ min: 1, max: 4 }),
  drop: fc.constantFrom<QueueCase["drop"]>("old", "new", "summarize"),
  debounceMs: fc.constantFrom(0, 1_000, minutes(1)),
  messages: fc.array(
    fc.record({
      afterMs: fc.oneof(
        fc.constant(0),
        fc.constantFrom(1_000, minutes(1), minutes(5)),
        fc.integer({ min: 0, max: minutes(15) }),
      ),
      toolMs: fc.constantFrom(0, 30_000, minutes(5), minutes(10)),
      replyMs: fc.constantFrom(0, 20_000),
    }),
    { minLength: 1, maxLength: 6 },
  ),
});

/** The mark a message's text carries, found again in model requests (whole or as a summary line). */
export const markOf = (index: number) => `<m${index}>`;

export interface QueueCaseRun {
  outcomes: ReceivedTurnOutcome[];
  events: AgentEvent[];
  /** Whether the message's mark reached any model request of the main session. */
  reachedModel: boolean[];
  /** The queue actions recorded for each message. */
  actions: QueueAction[][];
}

/** Plays a queue case on a real session through the runner's timeline; the run timeout is an hour. */
export async function playQueueCase(queueCase: QueueCase): Promise<QueueCaseRun> {
  const turns: Turn[] = queueCase.messages.map((message, index) =>
    buildTurn({
      index,
      text: `message ${index} ${markOf(index)}`,
      arrival: { kind: "after", ms: index === 0 ? 0 : message.afterMs },
      script: [
        {
          kind: "tool_calls",
          calls: [
            { name: "read", input: { path: "README.md" }, ...(message.toolMs > 0 ? { takesMs: message.toolMs } : {}) },
          ],
        },
        { kind: "text", text: `reply ${index}`, ...(message.replyMs > 0 ? { takesMs: message.replyMs } : {}) },
        { kind: "text", text: `more ${index}` },
        { kind: "text", text: `last ${index}` },
      ],
    }),
  );
  const config = {
    messages: {
      queue: { mode: queueCase.mode, cap: queueCase.cap, drop: queueCase.drop, debounceMs: queueCase.debounceMs },
    },
    agents: { defaults: { timeoutSeconds: 3600 } },
  };
  const { session, runtime, events, model } = createTestSession({
    config,
    files: { "README.md": "# Project\n" },
    maxSteps: 10,
  });
  const scenario = buildScenario({ config, turns });
  const outcomes: ReceivedTurnOutcome[] = [];
  await playUnitTimeline({
    unit: { unitId: "queue@scripted~1", planIndex: 0, scenario, model: "scripted", repeat: 0 },
    session,
    runtime,
    signal: new AbortController().signal,
    onSettled: async (turn, outcome) => {
      outcomes[turn.index] = outcome;
      return { stop: false };
    },
  });
  const requestTexts = model.requests
    .filter((request) => request.context.sessionKey === session.sessionKey)
    .map((request) =>
      request.messages.flatMap((message) => (message.role === "user" ? [message.content] : [])).join("\n"),
    );
  return {
    outcomes,
    events,
    reachedModel: turns.map((turn) => requestTexts.some((text) => text.includes(markOf(turn.index)))),
    actions: outcomes.map((outcome, index) =>
      (outcome?.events ?? []).flatMap((event) =>
        event.type === "queue" && event.turnIndex === index ? [event.action] : [],
      ),
    ),
  };
}

/** Describes a case for a failure message. */
export function describeCase(queueCase: QueueCase, run: QueueCaseRun): string {
  return JSON.stringify({ ...queueCase, reachedModel: run.reachedModel, actions: run.actions });
}
