import { join } from "node:path";
import type { HeartbeatConfig } from "../config/resolve-agent-config.js";
import type { HeartbeatWakeReason, Runtime } from "../domain/index.js";
import { isHeartbeatFileEffectivelyEmpty } from "./check-heartbeat-file.js";
import { checkHeartbeatSchedule, type HeartbeatSkipReason } from "./check-heartbeat-schedule.js";
import type { HeartbeatVisibility } from "./read-heartbeat-delivery.js";

export interface HeartbeatChecksOptions {
  runtime: Runtime;
  /** The agent's resolved heartbeat settings (`resolveAgentHeartbeatConfig`). */
  heartbeat: HeartbeatConfig;
  workspaceDir: string;
  /** The user's IANA zone (resolved, valid). */
  userTimezone: string;
  /** Why the heartbeat runs; default `interval`. */
  wakeReason?: HeartbeatWakeReason;
  /** Channel visibility (`readHeartbeatDelivery`); default showOk false, showAlerts and useIndicator true. */
  visibility?: HeartbeatVisibility;
  /** False when the session's agent runs no heartbeats (spec/loop.md §5.1 agent selection); default true. */
  agentEnabled?: boolean;
  /** The session's lane has a run in flight or queued work (check 3, `requests-in-flight`). */
  requestsInFlight?: boolean;
}

/** Wake reasons that run even with an effectively empty `HEARTBEAT.md` (spec/loop.md §5.3 step 4). */
export function bypassesEmptyHeartbeatFile(reason: HeartbeatWakeReason): boolean {
  return reason === "manual" || reason === "exec-event" || reason.startsWith("cron:");
}

/**
 * The heartbeat skip checks, in spec order (spec/loop.md §5.3): `disabled` (also when the agent
 * runs no heartbeats), `quiet-hours`, `requests-in-flight` (the session is busy),
 * `empty-heartbeat-file` (workspace `HEARTBEAT.md` exists and is effectively empty; a missing
 * file does not skip; `manual`, `exec-event` and `cron:*` wakes bypass it), then
 * `alerts-disabled` (`showOk`, `showAlerts` and `useIndicator` all false). `undefined` means run
 * the heartbeat. Reads only `HEARTBEAT.md`, and only when the schedule checks pass.
 */
export async function runHeartbeatChecks(options: HeartbeatChecksOptions): Promise<HeartbeatSkipReason | undefined> {
  if (options.agentEnabled === false) return "disabled";
  const scheduled = checkHeartbeatSchedule({
    heartbeat: options.heartbeat,
    now: options.runtime.now(),
    userTimezone: options.userTimezone,
    hostTimezone: options.runtime.timezone,
  });
  if (scheduled !== undefined) return scheduled;
  if (options.requestsInFlight === true) return "requests-in-flight";
  if (!bypassesEmptyHeartbeatFile(options.wakeReason ?? "interval") && (await hasEmptyHeartbeatFile(options))) {
    return "empty-heartbeat-file";
  }
  const visibility = options.visibility;
  if (visibility && !visibility.showOk && !visibility.showAlerts && !visibility.useIndicator) return "alerts-disabled";
  return undefined;
}

async function hasEmptyHeartbeatFile(options: HeartbeatChecksOptions): Promise<boolean> {
  const path = join(options.workspaceDir, "HEARTBEAT.md");
  const stat = await options.runtime.fs.stat(path);
  if (stat?.kind !== "file") return false;
  return isHeartbeatFileEffectivelyEmpty(await options.runtime.fs.readText(path));
}
