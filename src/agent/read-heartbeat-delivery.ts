import { readConfigValue } from "../prompt/read-config-value.js";

import { SCENARIO_CHANNEL } from "./deliver-reply.js";

/** Channel visibility of heartbeat output (spec/loop.md §5.1). */
export interface HeartbeatVisibility {
  /** Send `HEARTBEAT_OK` for an acknowledged heartbeat; default false. */
  showOk: boolean;
  /** Deliver heartbeat alerts; default true. */
  showAlerts: boolean;
  /** Show a status indicator; default true. The runtime only reads it for skip check 5. */
  useIndicator: boolean;
}

/** Where heartbeat output goes and what the channel shows. */
export interface HeartbeatDelivery {
  /** `agents.defaults.heartbeat.target`, trimmed: `last` (default), `none` or a channel id. */
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

const DEFAULT_VISIBILITY: HeartbeatVisibility = { showOk: false, showAlerts: true, useIndicator: true };

function readText(config: Readonly<Record<string, unknown>>, path: string): string | undefined {
  const value = readConfigValue(config, path);
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** Layers `showOk` / `showAlerts` / `useIndicator` booleans found at each path over the defaults. */
function layerVisibility(config: Readonly<Record<string, unknown>>, paths: readonly string[]): HeartbeatVisibility {
  const visibility = { ...DEFAULT_VISIBILITY };
  for (const path of paths) {
    for (const key of Object.keys(DEFAULT_VISIBILITY) as (keyof HeartbeatVisibility)[]) {
      const value = readConfigValue(config, `${path}.${key}`);
      if (typeof value === "boolean") visibility[key] = value;
    }
  }
  return visibility;
}

/**
 * Reads the heartbeat target and channel visibility (spec/loop.md §5.1) from an openclaw.json-
 * shaped config (pure). Visibility: `channels.defaults.heartbeat` < `channels.<channel>.heartbeat`
 * < `channels.<channel>.accounts.<accountId>.heartbeat` (when `heartbeat.accountId` is set);
 * non-boolean values are ignored. Channel ids are used as written (no dots).
 */
export function readHeartbeatDelivery(config: Readonly<Record<string, unknown>>): HeartbeatDelivery {
  const target = readText(config, "agents.defaults.heartbeat.target") ?? "last";
  const channel = target === "last" || target === "none" ? SCENARIO_CHANNEL : target;
  const accountId = readText(config, "agents.defaults.heartbeat.accountId");
  const layers = ["channels.defaults.heartbeat", `channels.${channel}.heartbeat`];
  if (accountId !== undefined) layers.push(`channels.${channel}.accounts.${accountId}.heartbeat`);
  return {
    target,
    channel,
    hasRecipient: target === "last" || target === SCENARIO_CHANNEL,
    visibility: layerVisibility(config, layers),
  };
}
