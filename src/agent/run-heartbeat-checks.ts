import { join } from "node:path";
import type { Runtime } from "../domain/index.js";
import { isHeartbeatFileEffectivelyEmpty } from "./check-heartbeat-file.js";
import { checkHeartbeatSchedule, type HeartbeatSkipReason } from "./check-heartbeat-schedule.js";

export interface HeartbeatChecksOptions {
  runtime: Runtime;
  config: Readonly<Record<string, unknown>>;
  workspaceDir: string;
  /** The user's IANA zone (resolved, valid). */
  userTimezone: string;
}

/**
 * The heartbeat skip checks, in spec order (spec/loop.md §5.3): `disabled`, `quiet-hours`,
 * then `empty-heartbeat-file` (workspace `HEARTBEAT.md` exists and is effectively empty; a
 * missing file does not skip). `undefined` means run the heartbeat. Reads only `HEARTBEAT.md`,
 * and only when the schedule checks pass.
 */
export async function runHeartbeatChecks(options: HeartbeatChecksOptions): Promise<HeartbeatSkipReason | undefined> {
  const scheduled = checkHeartbeatSchedule({
    config: options.config,
    now: options.runtime.now(),
    userTimezone: options.userTimezone,
    hostTimezone: options.runtime.timezone,
  });
  if (scheduled !== undefined) return scheduled;
  const path = join(options.workspaceDir, "HEARTBEAT.md");
  const stat = await options.runtime.fs.stat(path);
  if (stat?.kind !== "file") return undefined;
  const content = await options.runtime.fs.readText(path);
  return isHeartbeatFileEffectivelyEmpty(content) ? "empty-heartbeat-file" : undefined;
}
