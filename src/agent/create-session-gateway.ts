import type { Turn } from "../domain/index.js";
import { sessionKeyForOrigin } from "../domain/index.js";
import type { EventRouter } from "./create-event-router.js";
import { createLaneCore } from "./create-lane-core.js";
import { createTurnTracker, type ReceivedTurnOutcome, type TurnTracker } from "./create-turn-tracker.js";
import { decideQueueing } from "./decide-queueing.js";
import { replyAddressOf } from "./deliver-reply.js";
import type { MainTurnContext, TurnOptions } from "./main-turn-context.js";
import { queueLaneMessage } from "./queue-lane-message.js";
import type { LaneSettings } from "./read-lane-settings.js";
import { parseCompactCommand } from "./run-compact-command.js";
import { parseResetCommand } from "./run-reset-command.js";
import type { Lane } from "./session-lane.js";
import { skipHeartbeatTurn } from "./skip-heartbeat-turn.js";
import { buildTurnInput } from "./turn-input.js";

/** A turn's message handed to a session; `settled` resolves once every run carrying it has settled. */
export interface TurnHandle {
  readonly settled: Promise<ReceivedTurnOutcome>;
}

export interface SessionGatewayOptions {
  /** The main session's turn context; group and channel sessions get their own copy. */
  context: MainTurnContext;
  settings: LaneSettings;
  router: EventRouter;
  /** Creates the state of a group or channel session the first time a message names it. */
  openSession(sessionKey: string): MainTurnContext;
}

export interface SessionGateway {
  /** Hands a turn's message to its session now (on the unit's clock). */
  receive(options: TurnOptions): TurnHandle;
}

/**
 * The sessions of a unit as a gateway sees them (spec/loop.md §1, §2, §5.3, §6): one lane per
 * session with one run at a time; a message reaching a busy session follows
 * `messages.queue.mode` (collect with debounce, cap and drop policy, followup, steer,
 * steer-backlog, interrupt: {@link queueLaneMessage}); a heartbeat reaching a busy main session
 * is skipped (`requests-in-flight`); runs of main-type sessions share the `main` lane's
 * concurrency and every run has the run timeout (`runLaneItem`). Accepted sub-agents start
 * at once on the `subagent` lane and run alongside their parent (`startLaneChild`). Every
 * decision is an event (`queue`, `run_timeout`, `subagent`), recorded for the turns it concerns.
 */
export function createSessionGateway(options: SessionGatewayOptions): SessionGateway {
  const { router, settings } = options;
  const main = options.context;
  const { world } = main;
  const core = createLaneCore({ world, router, settings });
  const lanes = new Map<string, Lane>();
  const laneFor = (turn: Turn): Lane => {
    // Direct chats, heartbeats and system events go to the agent's main session.
    const key =
      turn.kind === "user" && turn.origin.chat !== "direct"
        ? sessionKeyForOrigin(main.agentId, turn.origin)
        : main.main.key;
    let lane = lanes.get(key);
    if (lane === undefined) {
      lane = {
        context: key === main.main.key ? main : options.openSession(key),
        queue: [],
        active: undefined,
        current: undefined,
        dropped: [],
        draining: false,
      };
      lanes.set(key, lane);
    }
    return lane;
  };

  /** A message arrives (spec/loop.md §2.1 steps 1–2): input, `message_received`, skip checks, queue. */
  const arrive = async (tracker: TurnTracker, signal: AbortSignal | undefined): Promise<void> => {
    const { turn } = tracker;
    const lane = laneFor(turn);
    const { context } = lane;
    const input = buildTurnInput(turn, {
      config: world.config,
      agentId: context.agentId,
      now: world.runtime.now(),
      userTimezone: context.userTimezone,
    });
    tracker.input = input.content;
    tracker.arrivedAtMs = world.runtime.now();
    // The turn's own run id: `message_received`, a heartbeat skip and its run share it.
    const runId = world.runtime.newId("run");
    router.attachRun(runId, tracker);
    if (turn.kind === "user") {
      await context.main.lifecycle.hooksFor({ runId, sessionKey: context.main.key }).fire("message_received", {
        // The sender as the scenario names them (`owner` unless `from: { sender }` says otherwise).
        from: turn.origin.sender,
        content: input.content,
        ...(turn.origin.chat === "direct"
          ? {}
          : { metadata: { chat: turn.origin.chat, to: replyAddressOf(turn.origin) } }),
        timestamp: world.runtime.now(),
      });
    }
    const busy = lane.current !== undefined || lane.queue.length > 0;
    if (turn.kind === "heartbeat") {
      const skipped = await skipHeartbeatTurn({ context, turn, input: input.content, runId, requestsInFlight: busy });
      if (skipped !== undefined) {
        tracker.finish(skipped);
        return;
      }
    }
    const decision = decideQueueing(
      settings.queue.mode,
      {
        busy,
        steerable: lane.active?.steerable === true && lane.active.steering.open,
        // A run already being aborted by an earlier interrupt cannot be interrupted again.
        running: lane.active !== undefined && !lane.active.item.controller.signal.aborted,
      },
      // Session commands (`/new`, `/reset`, `/compact`) wait for a run of their own.
      turn.kind !== "user" ? "system" : isSessionCommand(turn) ? "command" : "user",
    );
    queueLaneMessage(core, lane, { tracker, input, runId, decision });
    core.startDrain(lane, signal);
  };

  return {
    receive(turnOptions) {
      const tracker = createTurnTracker(turnOptions.turn, turnOptions.category);
      // Held open while the message is being received, so a quick drop cannot settle it twice.
      tracker.open();
      void world.runtime
        .activity(() => arrive(tracker, turnOptions.signal))
        .then(
          () => tracker.close(),
          (error: unknown) => tracker.fail(error),
        );
      return { settled: tracker.settled };
    },
  };
}

function isSessionCommand(turn: Turn): boolean {
  return parseResetCommand(turn) !== undefined || parseCompactCommand(turn) !== undefined;
}
