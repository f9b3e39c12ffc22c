import { collectStreamedReplies, findStreamedTokenLeak } from "../agent/collect-streamed-replies.js";
import { findSkipBeforeModel } from "../agent/find-skip-before-model.js";
import { isSilentReply } from "../agent/is-silent-reply.js";
import {
  HEARTBEAT_TOKEN,
  SILENT_REPLY_TOKEN,
  TRAILING_HEARTBEAT_TOKEN,
  TRAILING_SILENT_TOKEN,
} from "../agent/reply-tokens.js";
import type { ComparisonRate, ComplianceMeasures, TurnResult, UnitResult } from "../domain/index.js";
import { clusteredWilsonInterval, countByCluster } from "../stats/index.js";

/** A turn with the scenario case it belongs to: the turns of one case are one cluster. */
export interface ClusteredTurn {
  cluster: string;
  turn: TurnResult;
}

/** Status of the turn's last `heartbeat` event, if any. */
function heartbeatStatus(turn: TurnResult): string | undefined {
  return turn.events.findLast((event) => event.type === "heartbeat")?.status;
}

/** The runtime swallowed a heartbeat reply as an acknowledgement (spec/loop.md §5.5). */
function runtimeAcked(turn: TurnResult): boolean {
  const status = heartbeatStatus(turn);
  return status === "ok-token" || status === "ok-empty";
}

/** A heartbeat turn the skip checks stopped before the model was called. */
function skippedBeforeModel(turn: TurnResult): boolean {
  return findSkipBeforeModel(turn.events) !== undefined;
}

/** What the model's reply got delivered: the runtime's own `showOk` ack is not the model's. */
function modelDelivered(turn: TurnResult): string | null {
  return runtimeAcked(turn) ? null : turn.delivered;
}

/**
 * Whether the run's reply itself reached the channel: a `sent` delivery other than the
 * `message` tool's sends and the runtime's own `showOk` ack. After answering with the
 * `message` tool, a silent final reply is still silent.
 */
function replyDelivered(turn: TurnResult): boolean {
  if (runtimeAcked(turn)) return false;
  return turn.events.some((event) => event.type === "delivery" && event.status === "sent" && event.via !== "message");
}

function leaksToken(turn: TurnResult): boolean {
  const text = modelDelivered(turn);
  return text !== null && (text.includes(SILENT_REPLY_TOKEN) || text.includes(HEARTBEAT_TOKEN));
}

/** Real content plus a trailing token, delivered once stripped (spec/loop.md §11.2). */
function appendsToken(turn: TurnResult): boolean {
  const reply = turn.reply.trim();
  if (!replyDelivered(turn) || reply === SILENT_REPLY_TOKEN || reply === HEARTBEAT_TOKEN) return false;
  return TRAILING_SILENT_TOKEN.test(reply) || TRAILING_HEARTBEAT_TOKEN.test(reply);
}

/**
 * Whether the turn streamed its replies: a run of it started with `stream: true`, even if every
 * reply was held back (a correctly silent streamed turn emits no `message_update`). Results
 * written before `agent_start` recorded `stream` count a turn with any `message_update`.
 */
function streamed(turn: TurnResult): boolean {
  return turn.events.some(
    (event) => (event.type === "agent_start" && event.stream === true) || event.type === "message_update",
  );
}

/** A silent token in the text one model call streamed; each call is judged on its own, never joined to the next. */
function leaksWhileStreaming(turn: TurnResult): boolean {
  return collectStreamedReplies(turn.events).some((reply) => findStreamedTokenLeak(reply.text) !== undefined);
}

/** The share of `turns` meeting `predicate`, Wilson 95% widened for turns of the same scenario case. */
export function clusteredShare(
  turns: readonly ClusteredTurn[],
  predicate: (turn: TurnResult) => boolean,
): ComparisonRate {
  const clusters = countByCluster(turns, { key: (entry) => entry.cluster, success: (entry) => predicate(entry.turn) });
  return clusteredWilsonInterval({ clusters });
}

/** The turns of `units`, each with its unit's scenario case (`scenarioId`, repeats included) as its cluster. */
export function clusterTurns(units: readonly UnitResult[]): ClusteredTurn[] {
  return units.flatMap((unit) => unit.turns.map((turn) => ({ cluster: unit.scenarioId, turn })));
}

/**
 * The spec/loop.md §11.1–11.2 measures of one model (pure), from what each turn recorded:
 * `category`, `reply`, `delivered` and its `heartbeat` / `agent_start` / `message_start` /
 * `message_update` events. Pass the model's units that ran to a verdict; see
 * {@link ComplianceMeasures} for each definition and which turns count. The turns of one scenario case (repeats included) form one
 * cluster, so a day of heartbeats in one scenario does not count as that many independent turns.
 */
export function buildComplianceMeasures(units: readonly UnitResult[]): ComplianceMeasures {
  const turns = clusterTurns(units);
  const counted = turns.filter(({ turn }) => turn.category !== undefined && !skippedBeforeModel(turn));
  const ofCategory = (category: TurnResult["category"]) => counted.filter(({ turn }) => turn.category === category);
  const quiet = ofCategory("quiet");
  const alert = ofCategory("alert");
  const silent = ofCategory("silent-expected");
  const reply = ofCategory("reply-expected");
  return {
    strictAck: clusteredShare(quiet, (turn) => turn.reply.trim() === HEARTBEAT_TOKEN),
    lenientAck: clusteredShare(quiet, runtimeAcked),
    silentAck: clusteredShare(quiet, (turn) => isSilentReply(turn.reply)),
    noise: clusteredShare(quiet, (turn) => modelDelivered(turn) !== null),
    alertPurity: clusteredShare(alert, (turn) => !turn.reply.includes(HEARTBEAT_TOKEN)),
    falseAck: clusteredShare(alert, runtimeAcked),
    exactSilence: clusteredShare(silent, (turn) => isSilentReply(turn.reply)),
    effectiveSilence: clusteredShare(silent, (turn) => !replyDelivered(turn)),
    falseSilence: clusteredShare(reply, (turn) => modelDelivered(turn) === null),
    tokenLeak: clusteredShare(counted, leaksToken),
    appendedToken: clusteredShare(counted, appendsToken),
    streamedLeak: clusteredShare(
      turns.filter(({ turn }) => streamed(turn)),
      leaksWhileStreaming,
    ),
  };
}
