import { isSilentReply } from "../agent/is-silent-reply.js";
import {
  HEARTBEAT_TOKEN,
  SILENT_REPLY_TOKEN,
  TRAILING_HEARTBEAT_TOKEN,
  TRAILING_SILENT_TOKEN,
} from "../agent/reply-tokens.js";
import type { ComparisonRate, ComplianceMeasures, TurnResult } from "../domain/index.js";
import { wilsonInterval } from "../stats/index.js";

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
  return heartbeatStatus(turn) === "skipped" && !turn.events.some((event) => event.type === "agent_start");
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

function share(turns: readonly TurnResult[], predicate: (turn: TurnResult) => boolean): ComparisonRate {
  return wilsonInterval(turns.filter(predicate).length, turns.length);
}

/**
 * The spec/loop.md §11.1–11.2 measures of one model (pure), from what each turn recorded:
 * `category`, `reply`, `delivered` and its `heartbeat` / `agent_start` events. Pass the turns
 * of the model's units that ran to a verdict; see {@link ComplianceMeasures} for each
 * definition and which turns count.
 */
export function buildComplianceMeasures(turns: readonly TurnResult[]): ComplianceMeasures {
  const counted = turns.filter((turn) => turn.category !== undefined && !skippedBeforeModel(turn));
  const quiet = counted.filter((turn) => turn.category === "quiet");
  const alert = counted.filter((turn) => turn.category === "alert");
  const silent = counted.filter((turn) => turn.category === "silent-expected");
  const reply = counted.filter((turn) => turn.category === "reply-expected");
  return {
    strictAck: share(quiet, (turn) => turn.reply.trim() === HEARTBEAT_TOKEN),
    lenientAck: share(quiet, runtimeAcked),
    silentAck: share(quiet, (turn) => isSilentReply(turn.reply)),
    noise: share(quiet, (turn) => modelDelivered(turn) !== null),
    alertPurity: share(alert, (turn) => !turn.reply.includes(HEARTBEAT_TOKEN)),
    falseAck: share(alert, runtimeAcked),
    exactSilence: share(silent, (turn) => isSilentReply(turn.reply)),
    effectiveSilence: share(silent, (turn) => !replyDelivered(turn)),
    falseSilence: share(reply, (turn) => modelDelivered(turn) === null),
    tokenLeak: share(counted, leaksToken),
    appendedToken: share(counted, appendsToken),
  };
}
