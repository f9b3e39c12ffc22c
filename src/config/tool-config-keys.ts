import type { ConfigIn } from "./config-node.js";
import { configStructure } from "./config-structure.js";
import { configValue as value } from "./config-value.js";

const { section, map } = configStructure;

/** Tool profile ids (loop.md §7.1). */
export const TOOL_PROFILE_IDS = ["minimal", "coding", "messaging", "full"] as const;

export type ToolProfileId = (typeof TOOL_PROFILE_IDS)[number];

/** What an exec setting is when neither the config nor the approvals store sets it (loop.md §8.1). */
export const EXEC_POLICY_DEFAULTS = { security: "allowlist", ask: "on-miss", askFallback: "deny" } as const;

const storeDecides = (fallback: string) => ({
  optional: `the approvals store decides, else ${fallback}`,
  fallback: `the default ${fallback} applies`,
});

// Policy lists stay unset when absent: an unset list and an empty one mean different things (loop.md §7.2).
const toolList = () => value.textList("a tool name, group or pattern", { optional: "this scope sets no list" });
const profile = () => value.oneOf(TOOL_PROFILE_IDS, { optional: "no profile filter applies" });

/** One `{allow, alsoAllow, deny}` scope (loop.md §7.2). */
export const toolPolicyConfigKeys = section({ allow: toolList(), alsoAllow: toolList(), deny: toolList() });

/** One tool-policy scope as written (a group's `channels.<ch>.groups.<id>.tools`, `tools.sandbox.tools`, ...). */
export type ToolPolicyConfig = ConfigIn<typeof toolPolicyConfigKeys>;

const providerScope = section({ profile: profile(), allow: toolList(), alsoAllow: toolList(), deny: toolList() });

/** `agents.list[].tools`: profile, allow/alsoAllow/deny and byProvider (loop.md §7.3 layers 1, 5, 6). */
export const agentToolConfigKeys = section({
  profile: profile(),
  allow: toolList(),
  alsoAllow: toolList(),
  deny: toolList(),
  /** Keyed by `<provider>/<model>` or `<provider>`, matched case-insensitively. */
  byProvider: map(providerScope),
});

/** `tools.*` (loop.md §7, §8, §9). */
export const toolConfigKeys = section({
  profile: profile(),
  allow: toolList(),
  alsoAllow: toolList(),
  deny: toolList(),
  byProvider: map(providerScope),
  subagents: section({ tools: toolPolicyConfigKeys }),
  sandbox: section({ tools: toolPolicyConfigKeys }),
  // Unset exec settings have no opinion: the stricter of config and approvals store wins (loop.md §8.1).
  exec: section({
    host: value.oneOf(["sandbox", "gateway"], {
      optional: "sandbox; an explicit sandbox without a sandboxed session fails every call",
      fallback: "the default sandbox applies",
    }),
    security: value.oneOf(["deny", "allowlist", "full"], storeDecides(EXEC_POLICY_DEFAULTS.security)),
    ask: value.oneOf(["off", "on-miss", "always"], storeDecides(EXEC_POLICY_DEFAULTS.ask)),
    askFallback: value.oneOf(["deny", "allowlist", "full"], storeDecides(EXEC_POLICY_DEFAULTS.askFallback)),
    safeBins: value.textList("an executable name", { default: ["jq", "cut", "uniq", "head", "tail", "tr", "wc"] }),
    /** Milliseconds an `exec` call waits before a still-running command moves to the background (classic default). */
    backgroundMs: value.nonNegative({ default: 10_000, integer: true }),
  }),
  fs: section({ workspaceOnly: value.boolean({ default: true }) }),
});
