import type { QueueAction, Turn, UserMessage } from "../domain/index.js";
import { RunAbortError, sessionKeyForOrigin } from "../domain/index.js";
import { buildAnnounceMessage, shouldAnnounce } from "./build-announce-message.js";
import { buildCollectedMessage } from "./build-collected-message.js";
import { buildTurnRequest } from "./build-turn-request.js";
import type { EventRouter } from "./create-event-router.js";
import { createRunSteering, type RunSteering } from "./create-run-steering.js";
import { createSlots } from "./create-slots.js";
import { type PendingSubagent, subagentHookInfo } from "./create-subagent-spawner.js";
import { createTurnTracker, type ReceivedTurnOutcome, type TurnTracker } from "./create-turn-tracker.js";
import { decideQueueing } from "./decide-queueing.js";
import { replyAddressOf } from "./deliver-reply.js";
import type { MainTurnContext, TurnOptions } from "./main-turn-context.js";
import type { LaneSettings } from "./read-lane-settings.js";
import { runSessionRun, type SessionRunRequest } from "./run-session-run.js";
import { runTurnCommand } from "./run-turn-command.js";
import { runTurnMemoryFlush } from "./run-turn-memory-flush.js";
import { settleMainRun } from "./settle-main-run.js";
import { runChild } from "./settle-subagents.js";
import { skipHeartbeatTurn } from "./skip-heartbeat-turn.js";
import { buildTurnInput } from "./turn-input.js";

/** A turn's message handed to a session; `settled` resolves once every run carrying it has settled. */
export interface TurnHandle {
  readonly settled: Promise<ReceivedTurnOutcome>;
}

/** Work waiting on, or running in, a session lane: one run and the messages it carries. */
interface LaneItem {
  kind: "turn" | "collect" | "announce";
  /** The turn whose script, approvals and tally the run uses (the first message it carries). */
  owner: TurnTracker;
  /** Every message the run carries, the owner first; steered messages join while it runs. */
  trackers: TurnTracker[];
  /** Collected texts in arrival order (`collect`). */
  texts: string[];
  /** Lines kept for messages dropped over the cap (`summarize`). */
  dropped: string[];
  input: UserMessage;
  runId: string;
  controller: AbortController;
  /** When the last message joined (collect debounce). */
  lastAddedAt: number;
  /** Resolves when the item's run has settled. */
  done: Promise<void>;
  finished: () => void;
}

interface ActiveRun {
  item: LaneItem;
  steering: RunSteering;
  /** Only runs answering people take steering: a heartbeat or system-event run does not. */
  steerable: boolean;
  steered: Map<UserMessage, { kind: LaneItem["kind"]; trackers: readonly TurnTracker[] }>;
}

interface Lane {
  context: MainTurnContext;
  queue: LaneItem[];
  /**
   * The item whose run is in flight, its steering queue while the loop is open, and who each
   * steered message belongs to (so a message the loop never took still gets a run).
   */
  active: ActiveRun | undefined;
  /** The item being worked on (its run, memory flush or command, and settlement). */
  current: LaneItem | undefined;
  /** Lines of messages dropped under `summarize` that wait for the next collected run. */
  dropped: string[];
  draining: boolean;
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
 * steer-backlog, interrupt); a heartbeat reaching a busy main session is skipped
 * (`requests-in-flight`); runs of main-type sessions share the `main` lane's concurrency and
 * every run has the run timeout. Accepted sub-agents start at once on the `subagent` lane and run
 * alongside their parent on the unit's clock; a child's result is steered into the parent's run
 * while that run's loop is open, else it gets a run of its own. Every decision is an event
 * (`queue`, `run_timeout`, `subagent`), recorded for the turns it concerns.
 */
export function createSessionGateway(options: SessionGatewayOptions): SessionGateway {
  const { router, settings } = options;
  const main = options.context;
  const { world } = main;
  const mainSlots = createSlots(settings.mainConcurrency);
  const subagentSlots = createSlots(settings.subagentConcurrency);
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
  const queueEvent = (
    lane: Lane,
    trackers: readonly TurnTracker[],
    action: QueueAction,
    turnIndex: number,
    extra: { runId?: string; targetRunId?: string; turnIndexes?: number[] } = {},
  ) => {
    const { runId, ...rest } = extra;
    router.emitTo(trackers, {
      runId: runId ?? lane.active?.item.runId ?? "queue",
      sessionKey: lane.context.main.key,
      type: "queue",
      action,
      mode: settings.queue.mode,
      turnIndex,
      ...rest,
    });
  };

  const newItem = (
    kind: LaneItem["kind"],
    owner: TurnTracker,
    input: UserMessage,
    runId: string = world.runtime.newId("run"),
  ): LaneItem => {
    let finished!: () => void;
    const done = new Promise<void>((resolve) => {
      finished = resolve;
    });
    owner.open();
    return {
      kind,
      owner,
      trackers: [owner],
      texts: [input.content],
      dropped: [],
      input,
      runId,
      controller: new AbortController(),
      lastAddedAt: world.runtime.now(),
      done,
      finished,
    };
  };

  const drain = async (lane: Lane, signal: AbortSignal | undefined): Promise<void> => {
    if (lane.draining) return;
    lane.draining = true;
    try {
      for (let item = lane.queue[0]; item !== undefined; item = lane.queue[0]) {
        if (item.kind === "collect") {
          // A batch waits until no message has joined it for `debounceMs` (spec/loop.md §1).
          for (;;) {
            const due = item.lastAddedAt + settings.queue.debounceMs;
            const now = world.runtime.now();
            if (now >= due || signal?.aborted === true) break;
            await world.runtime.sleep(due - now, signal);
          }
        }
        lane.queue.shift();
        const release = await world.runtime.wait(mainSlots.acquire());
        try {
          await runItem(lane, item, signal);
        } catch (error) {
          for (const tracker of item.trackers) tracker.fail(error);
        } finally {
          release();
          item.finished();
        }
      }
    } finally {
      lane.draining = false;
    }
  };

  /** Works through the lane's queue as one activity of the unit, unless that is under way already. */
  const startDrain = (lane: Lane, signal: AbortSignal | undefined): void => {
    if (lane.draining) return;
    void world.runtime.activity(() => drain(lane, signal));
  };

  const runItem = async (lane: Lane, item: LaneItem, unitSignal: AbortSignal | undefined): Promise<void> => {
    const { context } = lane;
    const { owner } = item;
    const turn = owner.turn;
    const sessionKey = context.main.key;
    for (const tracker of item.trackers) router.attachRun(item.runId, tracker);
    router.setCurrent(sessionKey, item.trackers);
    lane.current = item;
    context.memo.tally = owner.tally;
    try {
      if (item.kind === "collect" && (item.texts.length > 1 || item.trackers.length > 1)) {
        queueEvent(lane, item.trackers, "started", owner.turn.index, {
          runId: item.runId,
          turnIndexes: item.trackers.map((tracker) => tracker.turn.index),
        });
      }
      if (item.kind === "turn") {
        const command = await runTurnCommand({
          context,
          turn,
          input: owner.input,
          runId: item.runId,
          tally: owner.tally,
          signal: unitSignal,
        });
        if (command !== undefined) {
          for (const tracker of item.trackers) tracker.finish(command);
          return;
        }
      }
      const signal =
        unitSignal === undefined ? item.controller.signal : AbortSignal.any([unitSignal, item.controller.signal]);
      const base = buildTurnRequest({ context, turn, category: owner.category, signal, tally: owner.tally });
      if (item.kind === "collect") item.dropped.unshift(...lane.dropped.splice(0));
      const input =
        item.kind === "collect"
          ? { ...item.input, content: buildCollectedMessage(item.texts, item.dropped) }
          : item.input;
      const request: SessionRunRequest = { ...base, input, origin: turn.origin };
      if (item.kind !== "announce" && turn.kind === "user") {
        await runTurnMemoryFlush({ context, request, tally: owner.tally });
      }
      const steering = createRunSteering();
      const active: ActiveRun = {
        item,
        steering,
        steerable: item.kind === "announce" || turn.kind === "user",
        steered: new Map(),
      };
      lane.active = active;
      let result: Awaited<ReturnType<typeof runSessionRun>>;
      try {
        result = await runSessionRun(
          world,
          context.main,
          {
            ...request,
            steering,
            timeoutMs: settings.runTimeoutMs,
            onSpawned: (child) => startChild(lane, child, [...item.trackers], base, unitSignal),
          },
          item.runId,
        );
      } finally {
        lane.active = undefined;
      }
      requeueUntaken(lane, active);
      for (const tracker of item.trackers) tracker.systemPrompt ??= result.systemPrompt;
      await settleMainRun({
        context,
        request,
        result,
        heartbeat: item.kind !== "announce" && turn.kind !== "user",
        tally: owner.tally,
        joined: item.trackers.filter((tracker) => tracker !== owner).map((tracker) => tracker.tally),
      });
    } finally {
      router.setCurrent(sessionKey, undefined);
      lane.current = undefined;
    }
    // Only a run that settled closes its messages; a failure fails them (see `drain`).
    for (const tracker of item.trackers) tracker.close();
  };

  /** A child accepted by a run of `lane`: runs on the `subagent` lane alongside its parent. */
  const startChild = (
    lane: Lane,
    child: PendingSubagent,
    trackers: readonly TurnTracker[],
    request: Omit<SessionRunRequest, "input">,
    unitSignal: AbortSignal | undefined,
  ): void => {
    const requester = lane.context.main;
    for (const tracker of trackers) {
      tracker.open();
      router.attachRun(child.runId, tracker);
      router.attachSession(child.childSessionKey, tracker);
    }
    const owner = trackers[0] as TurnTracker;
    const work = async (): Promise<void> => {
      // The child starts once its parent waits on the clock or has ended: never mid-step.
      await world.runtime.sleep(0, unitSignal);
      if (unitSignal?.aborted === true) return;
      const release = await world.runtime.wait(subagentSlots.acquire());
      let completion: Awaited<ReturnType<typeof runChild>>;
      try {
        completion = await runChild(
          {
            world,
            request: { ...request, signal: unitSignal },
            onChildRun: (result) => owner.tally.addChildRun(result),
          },
          requester,
          child,
        );
      } finally {
        release();
      }
      world.emit({
        runId: child.runId,
        sessionKey: requester.key,
        type: "subagent",
        phase: "ended",
        childSessionKey: child.childSessionKey,
        status: completion.status,
      });
      const ended = () =>
        requester.lifecycle.hooksFor({ runId: child.runId, sessionKey: requester.key }).fire("subagent_ended", {
          ...subagentHookInfo(child),
          outcome: completion.status === "unknown" ? "killed" : completion.status,
          ...(completion.error === undefined ? {} : { error: completion.error }),
        });
      if (!shouldAnnounce(completion.result) || isAborted(unitSignal)) {
        await ended();
        return;
      }
      const announce: UserMessage = {
        role: "user",
        content: buildAnnounceMessage(completion, requester.depth > 0),
        kind: "user",
      };
      const active = lane.active;
      if (active?.steerable === true && active.steering.steer(announce)) {
        // Steered into the parent's running loop (spec/loop.md §6.3).
        active.steered.set(announce, { kind: "announce", trackers });
        for (const tracker of trackers) joinItem(active.item, tracker);
        world.emit({
          runId: active.item.runId,
          sessionKey: requester.key,
          type: "subagent",
          phase: "announced",
          childSessionKey: child.childSessionKey,
        });
        await ended();
        return;
      }
      const item = newItem("announce", owner, announce);
      for (const tracker of trackers.slice(1)) joinItem(item, tracker);
      lane.queue.push(item);
      startDrain(lane, unitSignal);
      await world.runtime.wait(item.done);
      world.emit({
        runId: item.runId,
        sessionKey: requester.key,
        type: "subagent",
        phase: "announced",
        childSessionKey: child.childSessionKey,
      });
      await ended();
    };
    void world.runtime.activity(work).then(
      () => {
        for (const tracker of trackers) tracker.close();
      },
      (error: unknown) => {
        for (const tracker of trackers) tracker.fail(error);
      },
    );
  };

  /** `tracker`'s message rides on `item`'s run from now on. */
  const joinItem = (item: LaneItem, tracker: TurnTracker): void => {
    if (item.trackers.includes(tracker)) return;
    tracker.open();
    item.trackers.push(tracker);
    router.attachRun(item.runId, tracker);
  };

  /**
   * Messages steered into a run whose loop stopped before taking them (a run timeout, an
   * interrupt, a final reply racing the message): each gets a follow-up run at the front of the
   * queue, in the order they were steered, so no message is lost.
   */
  const requeueUntaken = (lane: Lane, active: ActiveRun): void => {
    const untaken = active.steering.take();
    const items = untaken.flatMap((message) => {
      const entry = active.steered.get(message);
      if (entry === undefined) return [];
      const [owner, ...others] = entry.trackers as [TurnTracker, ...TurnTracker[]];
      const item = newItem(entry.kind === "announce" ? "announce" : "turn", owner, message);
      for (const tracker of others) joinItem(item, tracker);
      queueEvent(lane, entry.trackers, "queued", owner.turn.index, { runId: item.runId });
      return [item];
    });
    lane.queue.unshift(...items);
  };

  /**
   * Keeps a lane's waiting messages under `messages.queue.cap`: with a full queue, `new` drops
   * the arriving message (false), `old` drops the oldest waiting one, `summarize` drops it but
   * keeps a line of it for the next collected run.
   */
  const makeRoom = (lane: Lane, tracker: TurnTracker): boolean => {
    const waiting = lane.queue.reduce((count, item) => count + item.trackers.length, 0);
    if (waiting < settings.queue.cap) return true;
    if (settings.queue.drop === "new") {
      dropMessage(lane, tracker, "dropped");
      return false;
    }
    const oldest = lane.queue[0] as LaneItem;
    const victim = oldest.trackers.shift() as TurnTracker;
    const text = oldest.texts.shift() ?? victim.input;
    if (oldest.trackers.length === 0) lane.queue.shift();
    else oldest.owner = oldest.trackers[0] as TurnTracker;
    if (settings.queue.drop === "summarize") {
      const target = lane.queue.find((item) => item.kind === "collect");
      // No batch waits yet: the line goes to the next one.
      if (target === undefined) lane.dropped.push(text);
      else target.dropped.push(text);
    }
    dropMessage(lane, victim, settings.queue.drop === "summarize" ? "summarized" : "dropped");
    return true;
  };

  const dropMessage = (lane: Lane, tracker: TurnTracker, action: "dropped" | "summarized"): void => {
    queueEvent(lane, [tracker], action, tracker.turn.index);
    tracker.finish({
      input: tracker.input,
      systemPrompt: "",
      ...tracker.tally.result(),
    });
  };

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
      const skipped = await skipHeartbeatTurn({
        context,
        turn,
        input: input.content,
        runId,
        requestsInFlight: busy,
      });
      if (skipped !== undefined) {
        tracker.finish(skipped);
        return;
      }
    }
    const message = turn.kind !== "user" ? "system" : /^\s*\/\w/.test(turn.text) ? "command" : "user";
    const decision = decideQueueing(
      settings.queue.mode,
      {
        busy,
        steerable: lane.active?.steerable === true && lane.active.steering.open,
        // A run already being aborted by an earlier interrupt cannot be interrupted again.
        running: lane.active !== undefined && !lane.active.item.controller.signal.aborted,
      },
      message,
    );
    const queueItem = (): void => {
      if (!makeRoom(lane, tracker)) return;
      lane.queue.push(newItem("turn", tracker, input, runId));
      queueEvent(lane, [tracker], "queued", turn.index);
    };
    switch (decision) {
      case "run":
        lane.queue.push(newItem("turn", tracker, input, runId));
        break;
      case "queue":
        queueItem();
        break;
      case "collect": {
        if (!makeRoom(lane, tracker)) break;
        const tail = lane.queue[lane.queue.length - 1];
        if (tail?.kind === "collect") {
          joinItem(tail, tracker);
          tail.texts.push(input.content);
          tail.lastAddedAt = world.runtime.now();
        } else {
          lane.queue.push(newItem("collect", tracker, input, runId));
        }
        queueEvent(lane, [tracker], "collected", turn.index);
        break;
      }
      case "steer":
      case "steer-and-queue": {
        const active = lane.active as ActiveRun;
        active.steering.steer(input);
        active.steered.set(input, { kind: "turn", trackers: [tracker] });
        joinItem(active.item, tracker);
        queueEvent(lane, [tracker], "steered", turn.index, { targetRunId: active.item.runId });
        if (decision === "steer-and-queue") queueItem();
        break;
      }
      case "interrupt": {
        const active = lane.active as ActiveRun;
        queueEvent(lane, [tracker, active.item.owner], "interrupted", turn.index, {
          targetRunId: active.item.runId,
        });
        active.item.controller.abort(
          new RunAbortError("interrupted by a newer message (messages.queue.mode interrupt)", "interrupt"),
        );
        lane.queue.unshift(newItem("turn", tracker, input, runId));
        break;
      }
    }
    startDrain(lane, signal);
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

function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
