import { configStructure } from "./config-structure.js";
import { toolPolicyConfigKeys } from "./tool-config-keys.js";

const { open, map, overrides } = configStructure;

/**
 * One `channels.<ch>.groups.<id>` entry (`*` = every group of the channel): the group's tool
 * policy, loop.md §7.3 layer 7. `tools` applies to everyone in the group; `toolsBySender` is keyed
 * by sender (`*` = any sender) and wins over `tools`. Both resolve as overrides, so an absent
 * policy stays `undefined`. Other group keys (mention gating, ...) are kept as written.
 */
export const channelGroupConfigKeys = open({
  tools: overrides(toolPolicyConfigKeys),
  toolsBySender: map(overrides(toolPolicyConfigKeys)),
});
