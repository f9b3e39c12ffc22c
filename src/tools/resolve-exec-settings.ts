import { resolveConfigSection } from "../config/resolve-openclaw-config.js";
import { EXEC_POLICY_DEFAULTS } from "../config/tool-config-keys.js";
import { isSandboxedSession } from "./is-sandboxed-session.js";
import {
  EXEC_ASK_LEVELS,
  EXEC_SECURITY_LEVELS,
  type ExecAllowlistEntry,
  type ExecApprovals,
  type ExecApprovalsScope,
  type ExecAsk,
  type ExecSecurity,
} from "./parse-exec-approvals.js";

/** Default `tools.exec.safeBins` (spec/loop.md §8.1): the schema's default. */
export const DEFAULT_SAFE_BINS: readonly string[] = resolveConfigSection({}, "tools").exec.safeBins;

/** The effective exec policy of one call (spec/loop.md §8.1). */
export interface ExecSettings {
  /** Where commands run: `sandbox` when the session is sandboxed, else `gateway` (the host). */
  host: "sandbox" | "gateway";
  /**
   * `tools.exec.host` is explicitly `sandbox` while the session is not sandboxed: every call
   * fails with {@link SANDBOX_UNAVAILABLE_MESSAGE}.
   */
  sandboxUnavailable: boolean;
  security: ExecSecurity;
  ask: ExecAsk;
  askFallback: ExecSecurity;
  safeBins: readonly string[];
  /** The agent's store entries followed by those of `*`. */
  allowlist: readonly ExecAllowlistEntry[];
}

export const SANDBOX_UNAVAILABLE_MESSAGE =
  "exec unavailable: tools.exec.host is sandbox but this session has no sandbox runtime " +
  "(agents.defaults.sandbox.mode is off for it). Turn the sandbox on with agents.defaults.sandbox.mode " +
  '("all" or "non-main"), or set tools.exec.host to "gateway" to run commands on the host with approvals.';

/** The strictest of the values that are set (lowest index in `order`), else `fallback`. */
function strictest<T extends string>(
  values: readonly (T | undefined)[],
  order: readonly T[],
  pick: "min" | "max",
  fallback: T,
): T {
  const set = values.filter((value): value is T => value !== undefined).map((value) => order.indexOf(value));
  if (set.length === 0) return fallback;
  const index = pick === "min" ? Math.min(...set) : Math.max(...set);
  return order[index] ?? fallback;
}

/** The store's opinion for an agent: its own scope, else `*`, else the store defaults. */
function storeScope(approvals: ExecApprovals, agentId: string): ExecApprovalsScope {
  const own = approvals.agents[agentId];
  const wildcard = approvals.agents["*"];
  const pick = <K extends keyof ExecApprovalsScope>(key: K): ExecApprovalsScope[K] =>
    own?.[key] ?? wildcard?.[key] ?? approvals.defaults[key];
  const security = pick("security");
  const ask = pick("ask");
  const askFallback = pick("askFallback");
  return {
    ...(security === undefined ? {} : { security }),
    ...(ask === undefined ? {} : { ask }),
    ...(askFallback === undefined ? {} : { askFallback }),
  };
}

/**
 * Resolves the exec policy (spec/loop.md §8.1) from the run's config and the approvals store.
 * Each setting is the stricter of config (`tools.exec.*`) and store (agent scope, else `*`,
 * else `defaults`): security and askFallback take the minimum of `deny < allowlist < full`,
 * ask the maximum of `off < on-miss < always`. A side that leaves a setting unset has no
 * opinion; when neither sets it `EXEC_POLICY_DEFAULTS` apply (`allowlist`, `on-miss`, `deny`). Invalid
 * config values count as unset (the config check warns about them). The session is sandboxed
 * when `agents.defaults.sandbox.mode` (or the agent's own `sandbox.mode`) is `all`, or
 * `non-main` and the session key is not the agent's main key `agent:<agentId>:main`. Pure.
 */
export function resolveExecSettings(options: {
  config: Readonly<Record<string, unknown>>;
  agentId: string;
  /** Default: the agent's main session. */
  sessionKey?: string;
  approvals: ExecApprovals;
}): ExecSettings {
  const { config, agentId, approvals } = options;
  const { exec } = resolveConfigSection(config, "tools");
  const store = storeScope(approvals, agentId);
  const sandboxed = isSandboxedSession(config, agentId, options.sessionKey);
  return {
    host: sandboxed ? "sandbox" : "gateway",
    sandboxUnavailable: exec.host === "sandbox" && !sandboxed,
    security: strictest([exec.security, store.security], EXEC_SECURITY_LEVELS, "min", EXEC_POLICY_DEFAULTS.security),
    ask: strictest([exec.ask, store.ask], EXEC_ASK_LEVELS, "max", EXEC_POLICY_DEFAULTS.ask),
    askFallback: strictest(
      [exec.askFallback, store.askFallback],
      EXEC_SECURITY_LEVELS,
      "min",
      EXEC_POLICY_DEFAULTS.askFallback,
    ),
    safeBins: exec.safeBins,
    allowlist: [
      ...(approvals.agents[agentId]?.allowlist ?? []),
      ...(agentId === "*" ? [] : (approvals.agents["*"]?.allowlist ?? [])),
    ],
  };
}
