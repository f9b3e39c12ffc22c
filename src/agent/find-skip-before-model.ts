import type { AgentEvent, AgentEventOf } from "../domain/index.js";

/**
 * Why a heartbeat turn was skipped by a check before any model call (quiet hours, requests in
 * flight, an empty `HEARTBEAT.md`, ...), from its events; `undefined` when a run started or
 * nothing was skipped. A skip after the run started (a duplicate alert) is not one.
 */
export function findSkipBeforeModel(events: readonly AgentEvent[]): string | undefined {
  if (events.some((event) => event.type === "agent_start")) return undefined;
  const skip = events.find(
    (event): event is AgentEventOf<"heartbeat"> => event.type === "heartbeat" && event.status === "skipped",
  );
  return skip === undefined ? undefined : (skip.reason ?? "skipped");
}
