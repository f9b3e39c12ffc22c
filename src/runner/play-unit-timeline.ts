import type { AgentSession, ReceivedTurnOutcome } from "../agent/create-agent-session.js";
import { resolveAgentHeartbeatConfig } from "../agent/resolve-agent-heartbeat-config.js";
import type { Runtime, Turn } from "../domain/index.js";
import { resolveUserTimezone } from "../prompt/resolve-user-timezone.js";
import { deriveComplianceCategory } from "../scenarios/normalise-scenario.js";
import { expandHeartbeatSchedule } from "./expand-heartbeat-schedule.js";
import type { WorkUnit } from "./plan-units.js";
import { resolveArrivalTime } from "./resolve-arrival-time.js";

export interface PlayUnitTimelineOptions {
  unit: WorkUnit;
  session: AgentSession;
  runtime: Runtime;
  signal: AbortSignal;
  /**
   * Records a settled turn (results, expectations); resolves whether the unit stops there. No
   * further message arrives after a stop; messages already in the session settle first.
   */
  onSettled(turn: Turn, outcome: ReceivedTurnOutcome): Promise<{ stop: boolean }>;
}

/**
 * Plays a unit's scenario on its simulated clock: each written turn's message arrives when its
 * `arrival` says (by default once the previous turn has settled; `at` and `during` let it arrive
 * while earlier work is still running), and the `heartbeats:` schedule adds a heartbeat turn at
 * each due time alongside them. Sessions, lanes and queue modes decide what happens to each
 * message. Resolves once every message that arrived has settled and been recorded.
 */
export async function playUnitTimeline(options: PlayUnitTimelineOptions): Promise<void> {
  const { unit, session, runtime, signal } = options;
  const scenario = unit.scenario;
  const timezone = resolveUserTimezone(scenario.config, runtime.timezone);
  const startMs = runtime.now();
  const recorded: Promise<void>[] = [];
  let stopped = false;
  const deliver = (turn: Turn): Promise<void> => {
    const category = deriveComplianceCategory(turn);
    const handle = session.receive({ turn, signal, ...(category ? { category } : {}) });
    const done = handle.settled.then(async (outcome) => {
      const played = await options.onSettled(turn, outcome);
      if (played.stop) stopped = true;
    });
    // Awaited below; a failure must not count as unhandled before that.
    done.catch(() => {});
    recorded.push(done);
    return done;
  };
  const heartbeats =
    scenario.heartbeats === undefined
      ? []
      : expandHeartbeatSchedule({
          schedule: scenario.heartbeats,
          startMs,
          defaultEveryMs: resolveAgentHeartbeatConfig(scenario.config, "main").settings.every,
          timezone,
          firstIndex: scenario.turns.length,
        });
  const written = async (): Promise<void> => {
    let previousMs = startMs;
    let previous: Promise<void> | undefined;
    for (const turn of scenario.turns) {
      if (turn.arrival.kind === "settled") {
        if (previous !== undefined) await runtime.wait(previous.catch(() => {}));
      } else {
        const due = resolveArrivalTime(turn.arrival, previousMs, timezone);
        if (due > runtime.now()) await runtime.sleep(due - runtime.now(), signal);
      }
      if (stopped || signal.aborted) return;
      previousMs = runtime.now();
      previous = deliver(turn);
    }
  };
  const scheduled = async (): Promise<void> => {
    for (const turn of heartbeats) {
      const due = resolveArrivalTime(turn.arrival, startMs, timezone);
      if (due > runtime.now()) await runtime.sleep(due - runtime.now(), signal);
      if (stopped || signal.aborted) return;
      deliver(turn);
    }
  };
  await runtime.activity(async () => {
    await runtime.wait(Promise.all([runtime.activity(written), runtime.activity(scheduled)]));
    // Every recorded turn, including those that settle after the last arrival.
    for (let index = 0; index < recorded.length; index++) await runtime.wait(recorded[index] as Promise<void>);
  });
}
