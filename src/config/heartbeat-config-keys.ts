import { channelGroupConfigKeys } from "./channel-group-config-keys.js";
import { configStructure } from "./config-structure.js";
import { configValue as value } from "./config-value.js";

const { section, open, map, overrides } = configStructure;

/** The default of `heartbeat.prompt` (spec/loop.md §5.1, quoted in the seed documents). */
export const DEFAULT_HEARTBEAT_PROMPT =
  "Read HEARTBEAT.md if it exists (workspace context). Follow it strictly. Do not infer or repeat old tasks from prior chats. If nothing needs attention, reply HEARTBEAT_OK.";

/**
 * `agents.defaults.heartbeat` and `agents.list[].heartbeat` (loop.md §5.1). `every` resolves to
 * milliseconds (0 = disabled); `ackMaxChars` is chars, and 0 is honoured (any remainder is an alert).
 */
export const heartbeatConfigKeys = section({
  every: value.duration({ written: "30m", disablesWhenInvalid: "an invalid interval disables heartbeats" }),
  prompt: value.text({ default: DEFAULT_HEARTBEAT_PROMPT, fallback: "the default heartbeat prompt applies" }),
  target: value.text({ default: "last", fallback: "the default last applies" }),
  to: value.text({ optional: "no explicit recipient", fallback: "the value is ignored" }),
  accountId: value.text({ optional: "the channel's own visibility applies", fallback: "the value is ignored" }),
  model: value.text({ optional: "the session model applies" }),
  ackMaxChars: value.nonNegative({ default: 300, integer: true }),
  activeHours: section({
    start: value.clockTime(),
    end: value.clockTime(),
    timezone: value.text({ optional: "the user time zone applies" }),
  }),
  session: value.text({ default: "main", fallback: "the main session applies" }),
  includeReasoning: value.boolean({ default: false }),
  lightContext: value.boolean({ default: false }),
});

/** `channels.<ch>.heartbeat` and `channels.<ch>.accounts.<id>.heartbeat` visibility (loop.md §5.1). */
export const heartbeatVisibilityKeys = section({
  showOk: value.boolean({ default: false }),
  showAlerts: value.boolean({ default: true }),
  useIndicator: value.boolean({ default: true }),
});

/**
 * One `channels.<ch>` entry (also `channels.defaults`): `groups` holds per-group tool policies;
 * other channel keys (skills, capabilities) are free-form and kept. Visibility sections resolve as overrides (only the keys a
 * layer sets), so `channels.defaults` < channel < account can be layered over the defaults.
 */
export const channelConfigKeys = open({
  heartbeat: overrides(heartbeatVisibilityKeys),
  groups: map(channelGroupConfigKeys),
  accounts: map(open({ heartbeat: overrides(heartbeatVisibilityKeys) })),
});
