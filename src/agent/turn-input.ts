import type { Turn, UserMessage } from "../domain/index.js";
import { resolveHeartbeatPrompt } from "../prompt/heartbeat-prompt.js";
import { toZonedClock } from "./to-zoned-clock.js";

export interface TurnInputContext {
  config: Readonly<Record<string, unknown>>;
  /** The run's start, ms since the epoch (from `runtime.now()`). */
  now: number;
  /** The user's IANA time zone (already resolved and valid). */
  userTimezone: string;
}

/**
 * The message a turn sends into the agent run.
 * - user: the text as written.
 * - heartbeat (spec/loop.md §5.1): the configured prompt (trimmed, blank ⇒ default), a blank
 *   line, then `Current time: Wednesday, 2026-03-11 17:30 (Asia/Shanghai)` (24-hour wall clock
 *   in the user's zone).
 * - system (cron / wake events): `System: <text>`; the spec names no other prefix, and text
 *   that already starts with `System:` is left as is.
 */
export function buildTurnInput(turn: Turn, context: TurnInputContext): UserMessage {
  if (turn.kind === "heartbeat") {
    const prompt = resolveHeartbeatPrompt(context.config);
    return { role: "user", content: `${prompt}\n\n${formatCurrentTimeLine(context)}`, kind: "heartbeat" };
  }
  if (turn.kind === "system") return { role: "user", content: formatSystemEvent(turn.text), kind: "system" };
  return { role: "user", content: turn.text, kind: turn.kind };
}

/** `Current time: <Weekday>, <YYYY-MM-DD> <HH:MM> (<zone>)`. */
export function formatCurrentTimeLine(context: Pick<TurnInputContext, "now" | "userTimezone">): string {
  const clock = toZonedClock(context.now, context.userTimezone);
  return `Current time: ${clock.weekday}, ${clock.date} ${clock.time} (${context.userTimezone})`;
}

function formatSystemEvent(text: string): string {
  const trimmed = text.trim();
  return /^System:/.test(trimmed) ? trimmed : `System: ${trimmed}`;
}
