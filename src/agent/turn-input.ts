import type { MessageOrigin, Turn, UserMessage } from "../domain/index.js";
import { resolveHeartbeatPrompt } from "../prompt/heartbeat-prompt.js";
import { formatSystemEventLine } from "./format-system-event-line.js";
import { toZonedClock } from "./to-zoned-clock.js";

export interface TurnInputContext {
  config: Readonly<Record<string, unknown>>;
  /** The session's agent: its own `heartbeat.prompt` wins over the defaults'; absent ⇒ the defaults'. */
  agentId?: string;
  /** The run's start, ms since the epoch (from `runtime.now()`). */
  now: number;
  /** The user's IANA time zone (already resolved and valid). */
  userTimezone: string;
}

/**
 * The message a turn sends into the agent run.
 * - user: the text as written; in a group or channel chat after the sender's name
 *   ({@link formatInboundText}).
 * - heartbeat (spec/loop.md §5.1): the configured prompt (trimmed, blank ⇒ default), a blank
 *   line, then `Current time: Wednesday, 2026-03-11 17:30 (Asia/Shanghai)` (24-hour wall clock
 *   in the user's zone).
 * - system event: the event as a `System: [<stamp>] <text>` line (see
 *   {@link formatSystemEventLine}), a blank line, then what the woken run is asked to do: a
 *   cron reminder (`cron:<jobId>` reason) is relayed, a finished command (`exec-event`) is
 *   reported, any other event gets the heartbeat prompt; then the `Current time:` line.
 */
export function buildTurnInput(turn: Turn, context: TurnInputContext): UserMessage {
  if (turn.kind === "heartbeat") {
    const prompt = resolveHeartbeatPrompt(context.config, context.agentId);
    return { role: "user", content: `${prompt}\n\n${formatCurrentTimeLine(context)}`, kind: "heartbeat" };
  }
  if (turn.kind === "system") {
    const line = formatSystemEventLine(turn.text, context.now, context.userTimezone);
    const body = systemEventBody(turn, context);
    return { role: "user", content: `${line}\n\n${body}\n\n${formatCurrentTimeLine(context)}`, kind: "system" };
  }
  return { role: "user", content: formatInboundText(turn.text, turn.origin), kind: turn.kind };
}

/**
 * A user message as the model sees it: in a group or channel chat the sender's name comes first
 * (`Mom: see you at 6`), since several people write there; a text that already starts with
 * `<sender>:` is kept as written. Direct chats keep the text as written.
 */
export function formatInboundText(text: string, origin: Pick<MessageOrigin, "chat" | "sender">): string {
  if (origin.chat === "direct") return text;
  const sender = origin.sender.trim();
  if (sender === "" || text.startsWith(`${sender}:`)) return text;
  return `${sender}: ${text}`;
}

/** `Current time: <Weekday>, <YYYY-MM-DD> <HH:MM> (<zone>)`. */
export function formatCurrentTimeLine(context: Pick<TurnInputContext, "now" | "userTimezone">): string {
  const clock = toZonedClock(context.now, context.userTimezone);
  return `Current time: ${clock.weekday}, ${clock.date} ${clock.time} (${context.userTimezone})`;
}

/**
 * What a run woken by a system event is asked to do. The cron wording is OpenClaw's own
 * (the model sees it verbatim in real deployments); the exec wording is ours.
 */
function systemEventBody(turn: Turn, context: TurnInputContext): string {
  const reason = turn.wakeReason ?? "wake";
  if (reason.startsWith("cron:")) {
    return (
      "A scheduled reminder has been triggered. The reminder content is:\n\n" +
      `${turn.text.trim()}\n\nPlease relay this reminder to the user in a helpful and friendly way.`
    );
  }
  if (reason === "exec-event") {
    return (
      "An async command you ran earlier has completed. The result is shown in the system messages above. " +
      "Tell the user what it means for them if it matters; if nothing needs their attention, reply HEARTBEAT_OK."
    );
  }
  return resolveHeartbeatPrompt(context.config, context.agentId);
}
