import { configNode } from "./config-node.js";
import { configValueChecks as check } from "./config-value-checks.js";

const { section, map } = configNode;

const toolList = () => check.textList("a tool name, group or pattern");
const profile = () => check.oneOf(["minimal", "coding", "messaging", "full"], "no profile filter applies");

/** One `{allow, alsoAllow, deny}` scope (loop.md §7.2). */
const policyKeys = { allow: toolList(), alsoAllow: toolList(), deny: toolList() };

const providerScope = section({ profile: profile(), ...policyKeys });

/** `agents.list[].tools`: profile, allow/alsoAllow/deny and byProvider (loop.md §7.3 layers 1, 5, 6). */
export const configAgentToolKeys = section({ profile: profile(), ...policyKeys, byProvider: map(providerScope) });

/** `tools.*` (loop.md §7, §8, §9). */
export const configToolKeys = section({
  profile: profile(),
  ...policyKeys,
  byProvider: map(providerScope),
  subagents: section({ tools: section(policyKeys) }),
  sandbox: section({ tools: section(policyKeys) }),
  exec: section({
    host: check.oneOf(["sandbox", "gateway"], "the default sandbox applies"),
    security: check.oneOf(["deny", "allowlist", "full"], "the default allowlist applies"),
    ask: check.oneOf(["off", "on-miss", "always"], "the default on-miss applies"),
    askFallback: check.oneOf(["deny", "allowlist", "full"], "the default deny applies"),
    safeBins: check.textList("an executable name"),
  }),
  fs: section({ workspaceOnly: check.boolean(true) }),
});
