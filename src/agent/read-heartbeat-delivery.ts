import type { OpenClawConfig } from "../config/openclaw-config-schema.js";
import type { HeartbeatConfig } from "../config/resolve-agent-config.js";
import { type HeartbeatVisibility, resolveHeartbeatVisibility } from "../config/resolve-heartbeat-visibility.js";
import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";
import { SCENARIO_CHANNEL } from "./deliver-reply.js";

export type { HeartbeatVisibility };

/** Where heartbeat output goes and what the channel shows. */
export interface HeartbeatDelivery {
  /** `heartbeat.target`, trimmed: `last` (default), `none` or a channel id. */
  target: string;
  /** The channel whose visibility applies: the target channel, else the session's (`scenario`). */
  channel: string;
  /**
   * Whether an alert reaches someone. `last` (the main session's channel) and `scenario` reach
   * the scenario owner; `none` and any other channel reach no one in a scenario run.
   */
  hasRecipient: boolean;
  visibility: HeartbeatVisibility;
}

/**
 * The heartbeat target and channel visibility (spec/loop.md §5.1) of resolved heartbeat settings:
 * visibility layers `channels.defaults.heartbeat` < `channels.<channel>.heartbeat` <
 * `channels.<channel>.accounts.<accountId>.heartbeat` (when `heartbeat.accountId` is set). Pure.
 */
export function buildHeartbeatDelivery(config: OpenClawConfig, heartbeat: HeartbeatConfig): HeartbeatDelivery {
  const { target } = heartbeat;
  const channel = target === "last" || target === "none" ? SCENARIO_CHANNEL : target;
  return {
    target,
    channel,
    hasRecipient: target === "last" || target === SCENARIO_CHANNEL,
    visibility: resolveHeartbeatVisibility(config, { channel, accountId: heartbeat.accountId }),
  };
}

/** {@link buildHeartbeatDelivery} of `agents.defaults.heartbeat`, from an openclaw.json-shaped config. Pure. */
export function readHeartbeatDelivery(config: unknown): HeartbeatDelivery {
  const resolved = resolveOpenClawConfig(config);
  return buildHeartbeatDelivery(resolved, resolved.agents.defaults.heartbeat);
}
