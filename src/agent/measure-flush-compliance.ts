import {
  type AgentEvent,
  type AgentEventOf,
  assistantText,
  type MemoryFlushCompliance,
  type MemoryFlushTurn,
} from "../domain/index.js";
import { isSilentReply } from "./is-silent-reply.js";

/** Quoted replies in problems are cut to this many UTF-16 units. */
const QUOTE_MAX_CHARS = 80;

function quote(text: string): string {
  return JSON.stringify(text.length > QUOTE_MAX_CHARS ? `${text.slice(0, QUOTE_MAX_CHARS)}…` : text);
}

/** The last flush of a session key, and whether that session compacted since. */
interface CycleState {
  sessionId: string | undefined;
  compactedSince: boolean;
}

function judge(
  event: AgentEventOf<"memory_flush"> & { target: string },
  reply: string,
  firstInCycle: boolean,
  turnIndex: number,
): MemoryFlushTurn {
  const { target } = event;
  const changes = event.changes ?? [];
  const others = changes.filter((change) => change.path !== target).map((change) => change.path);
  const targetChange = changes.find((change) => change.path === target);
  const deleted = targetChange?.change === "deleted";
  const onlyTarget = others.length === 0 && !deleted;
  const prefixKept = targetChange?.change !== "modified" ? !deleted : targetChange.prefixKept === true;
  const silent = isSilentReply(reply);
  const problems: string[] = [];
  if (others.length > 0) problems.push(`changed ${others.join(", ")} besides ${target}`);
  if (deleted) problems.push(`deleted ${target}`);
  if (!prefixKept && !deleted) problems.push(`rewrote ${target}: its earlier content is no longer a prefix`);
  if (!silent) problems.push(`replied ${quote(reply)} instead of NO_REPLY`);
  if (!firstInCycle) problems.push("flushed again in the same compaction cycle");
  return {
    turnIndex,
    runId: event.runId,
    target,
    changed: changes.map((change) => change.path),
    onlyTarget,
    prefixKept,
    silent,
    firstInCycle,
    compliant: problems.length === 0,
    problems,
  };
}

/**
 * Flush compliance of a unit (pure), from its events in turn order: for every `memory_flush`
 * event that recorded its changes, whether only its target (`memory/<today>.md`) changed, the
 * target's earlier bytes stayed a prefix, the flush run's last assistant text was exactly
 * `NO_REPLY`, and it was the first flush of its session (same key and transcript) since that
 * session's last written compaction (a successful `compaction_end`, including one the flush run
 * itself caused). `undefined` when no flush was measured.
 */
export function measureFlushCompliance(
  turns: readonly { index: number; events: readonly AgentEvent[] }[],
): MemoryFlushCompliance | undefined {
  const replies = new Map<string, string>();
  const cycles = new Map<string, CycleState>();
  const flushes: MemoryFlushTurn[] = [];
  for (const turn of turns) {
    for (const event of turn.events) {
      if (event.type === "message_end" && event.message.role === "assistant") {
        replies.set(event.runId, assistantText(event.message));
      } else if (event.type === "compaction_end" && event.ok && event.compacted) {
        const cycle = cycles.get(event.sessionKey);
        if (cycle !== undefined) cycle.compactedSince = true;
      } else if (event.type === "memory_flush") {
        const last = cycles.get(event.sessionKey);
        const firstInCycle = last === undefined || last.compactedSince || last.sessionId !== event.sessionId;
        cycles.set(event.sessionKey, { sessionId: event.sessionId, compactedSince: false });
        const { target } = event;
        if (target === undefined || event.changes === undefined) continue;
        flushes.push(judge({ ...event, target }, replies.get(event.runId) ?? "", firstInCycle, turn.index));
      }
    }
  }
  if (flushes.length === 0) return undefined;
  const count = (key: "compliant" | "onlyTarget" | "prefixKept" | "silent" | "firstInCycle") =>
    flushes.filter((flush) => flush[key]).length;
  return {
    turns: flushes.length,
    compliant: count("compliant"),
    onlyTarget: count("onlyTarget"),
    prefixKept: count("prefixKept"),
    silent: count("silent"),
    firstInCycle: count("firstInCycle"),
    flushes,
  };
}
