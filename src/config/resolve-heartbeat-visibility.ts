import { heartbeatVisibilityKeys } from "./heartbeat-config-keys.js";
import type { OpenClawConfig } from "./openclaw-config-schema.js";
import { overlayConfig } from "./overlay-config.js";

/** Channel visibility of heartbeat output (loop.md §5.1). */
export interface HeartbeatVisibility {
  /** Send `HEARTBEAT_OK` for an acknowledged heartbeat; default false. */
  showOk: boolean;
  /** Deliver heartbeat alerts; default true. */
  showAlerts: boolean;
  /** Show a status indicator; default true. */
  useIndicator: boolean;
}

/**
 * The heartbeat visibility of `channel` (loop.md §5.1): the defaults < `channels.defaults.heartbeat`
 * < `channels.<channel>.heartbeat` < `channels.<channel>.accounts.<accountId>.heartbeat` (when
 * `accountId` is given); each layer counts only the keys it sets validly. Pure.
 */
export function resolveHeartbeatVisibility(
  config: OpenClawConfig,
  options: { channel: string; accountId?: string | undefined },
): HeartbeatVisibility {
  const ownChannel = Object.hasOwn(config.channels, options.channel) ? config.channels[options.channel] : undefined;
  const account =
    options.accountId !== undefined && ownChannel !== undefined && Object.hasOwn(ownChannel.accounts, options.accountId)
      ? ownChannel.accounts[options.accountId]
      : undefined;
  const layers = [config.channels.defaults?.heartbeat, ownChannel?.heartbeat, account?.heartbeat];
  return layers.reduce<HeartbeatVisibility>(
    (visibility, layer) => overlayConfig(visibility, layer),
    heartbeatVisibilityKeys.schema.parse(undefined),
  );
}
