// Guards against a heartbeat that runs while a run of the main session is in flight: one that falls due while the session is busy must be skipped with requests-in-flight, every scheduled heartbeat must settle, and no two runs of the main session may overlap, whatever the queue mode and timing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ReceivedTurnOutcome } from "../../src/agent/create-agent-session.js";
import type { AgentEvent, QueueMode, Turn } from "../../src/domain/index.js";
import { playUnitTimeline } from "../../src/runner/play-unit-timeline.js";
import { assertAsyncProperty } from "../support/assert-property.js";
import { buildScenario, buildTurn } from "../support/build-turn.js";
import { createTestSession } from "../support/create-test-session.js";

const MINUTE = 60_000;
const MAIN = "agent:main:main";

interface BusyCase {
  mode: QueueMode;
  everyMs: number;
  forMs: number;
  heartbeatMs: number;
  messages: { afterMs: number; toolMs: number }[];
}

const busyCaseArbitrary: fc.Arbitrary<BusyCase> = fc
  .record({
    mode: fc.constantFrom<QueueMode>("collect", "followup", "steer", "steer-backlog", "interrupt"),
    everyMs: fc.constantFrom(MINUTE, 5 * MINUTE, 7 * MINUTE, 30 * MINUTE),
    periods: fc.integer({ min: 1, max: 8 }),
    heartbeatMs: fc.constantFrom(0, 30_000, 3 * MINUTE),
    messages: fc.array(
      fc.record({
        afterMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 40 * MINUTE })),
        toolMs: fc.constantFrom(0, MINUTE, 10 * MINUTE, 25 * MINUTE),
      }),
      { minLength: 1, maxLength: 5 },
    ),
  })
  .map(({ periods, ...rest }) => ({ ...rest, forMs: rest.everyMs * periods }));

async function playBusyCase(busyCase: BusyCase) {
  const turns: Turn[] = busyCase.messages.map((message, index) =>
    buildTurn({
      index,
      text: `message ${index}`,
      arrival: { kind: "after", ms: message.afterMs },
      script: [
        {
          kind: "tool_calls",
          calls: [
            { name: "read", input: { path: "README.md" }, ...(message.toolMs > 0 ? { takesMs: message.toolMs } : {}) },
          ],
        },
        { kind: "text", text: `reply ${index}` },
        { kind: "text", text: `more ${index}` },
        { kind: "text", text: `last ${index}` },
      ],
    }),
  );
  const config = {
    messages: { queue: { mode: busyCase.mode } },
    agents: { defaults: { timeoutSeconds: 3600 } },
  };
  const { session, runtime, events } = createTestSession({
    config,
    files: { "README.md": "# Project\n", "HEARTBEAT.md": "- check the build\n" },
    maxSteps: 10,
  });
  const scenario = buildScenario({
    config,
    turns,
    heartbeats: {
      everyMs: busyCase.everyMs,
      forMs: busyCase.forMs,
      script: [
        { kind: "text", text: "HEARTBEAT_OK", ...(busyCase.heartbeatMs > 0 ? { takesMs: busyCase.heartbeatMs } : {}) },
      ],
      expect: [],
      overrides: [],
      location: { file: "/scenarios/test.yaml", line: 1, column: 1 },
    },
  });
  const outcomes = new Map<number, { turn: Turn; outcome: ReceivedTurnOutcome }>();
  await playUnitTimeline({
    unit: { unitId: "busy@scripted~1", planIndex: 0, scenario, model: "scripted", repeat: 0 },
    session,
    runtime,
    signal: new AbortController().signal,
    onSettled: async (turn, outcome) => {
      outcomes.set(turn.index, { turn, outcome });
      return { stop: false };
    },
  });
  return { events, outcomes };
}

/** Main-session runs in flight just before each event of the stream. */
function openRunsBefore(events: readonly AgentEvent[]): Map<AgentEvent, number> {
  const open = new Map<AgentEvent, number>();
  let count = 0;
  for (const event of events) {
    open.set(event, count);
    if (event.sessionKey !== MAIN) continue;
    if (event.type === "agent_start") count++;
    if (event.type === "agent_end") count--;
  }
  return open;
}

describe("scheduled heartbeats and a busy main session (property)", () => {
  it("skips a heartbeat that falls due during a run, settles every heartbeat, and never overlaps runs", async () => {
    await assertAsyncProperty(
      fc.asyncProperty(busyCaseArbitrary, async (busyCase) => {
        const { events, outcomes } = await playBusyCase(busyCase);
        const context = JSON.stringify(busyCase);
        const heartbeats = [...outcomes.values()].filter(({ turn }) => turn.kind === "heartbeat");
        expect(heartbeats, context).toHaveLength(Math.floor(busyCase.forMs / busyCase.everyMs));
        expect(outcomes.size, context).toBe(busyCase.messages.length + heartbeats.length);
        const open = openRunsBefore(events);
        for (const { turn, outcome } of heartbeats) {
          const [first] = outcome.events;
          expect(first, `heartbeat ${turn.index} has no events: ${context}`).toBeDefined();
          const statuses = outcome.events.flatMap((event) =>
            event.type === "heartbeat" ? [`${event.status} ${event.reason ?? ""}`.trim()] : [],
          );
          if ((open.get(first as AgentEvent) ?? 0) > 0) {
            expect(statuses, `heartbeat ${turn.index} arrived during a run: ${context}`).toEqual([
              "skipped requests-in-flight",
            ]);
          }
          if (statuses.includes("skipped requests-in-flight")) {
            expect(
              outcome.events.some((event) => event.type === "agent_start"),
              context,
            ).toBe(false);
          }
        }
        let count = 0;
        for (const event of events) {
          if (event.sessionKey !== MAIN) continue;
          if (event.type === "agent_start") count++;
          if (event.type === "agent_end") count--;
          expect(count, `overlapping runs: ${context}`).toBeLessThanOrEqual(1);
        }
        expect(count, context).toBe(0);
      }),
      { numRuns: 60 },
    );
  });
});
