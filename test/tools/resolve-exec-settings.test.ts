import { describe, expect, it } from "vitest";
import { EMPTY_EXEC_APPROVALS, type ExecApprovals } from "../../src/tools/parse-exec-approvals.js";
import { DEFAULT_SAFE_BINS, resolveExecSettings } from "../../src/tools/resolve-exec-settings.js";

function store(partial: Partial<ExecApprovals>): ExecApprovals {
  return { ...EMPTY_EXEC_APPROVALS, ...partial };
}

describe("resolveExecSettings", () => {
  it("uses the §8.1 defaults when neither config nor store says anything", () => {
    expect(resolveExecSettings({ config: {}, agentId: "main", approvals: EMPTY_EXEC_APPROVALS })).toEqual({
      host: "gateway",
      sandboxUnavailable: false,
      security: "allowlist",
      ask: "on-miss",
      askFallback: "deny",
      safeBins: DEFAULT_SAFE_BINS,
      allowlist: [],
    });
  });

  it("takes the stricter of config and store: security and askFallback the minimum, ask the maximum", () => {
    const cases = [
      {
        config: { security: "full", ask: "off" },
        store: { security: "allowlist" as const },
        expected: ["allowlist", "off"],
      },
      { config: { security: "allowlist" }, store: { security: "full" as const }, expected: ["allowlist", "on-miss"] },
      { config: { security: "full" }, store: {}, expected: ["full", "on-miss"] },
      { config: { ask: "off" }, store: { ask: "always" as const }, expected: ["allowlist", "always"] },
      { config: { ask: "always" }, store: { ask: "off" as const }, expected: ["allowlist", "always"] },
      { config: { security: "deny" }, store: { security: "full" as const }, expected: ["deny", "on-miss"] },
    ];
    for (const { config, store: defaults, expected } of cases) {
      const settings = resolveExecSettings({
        config: { tools: { exec: config } },
        agentId: "main",
        approvals: store({ defaults }),
      });
      expect([settings.security, settings.ask], JSON.stringify({ config, defaults })).toEqual(expected);
    }
    const fallback = resolveExecSettings({
      config: { tools: { exec: { askFallback: "full" } } },
      agentId: "main",
      approvals: store({ defaults: { askFallback: "allowlist" } }),
    });
    expect(fallback.askFallback).toBe("allowlist");
  });

  it("reads the store's agent scope, else *, else defaults, and joins the agent's and *'s allowlists", () => {
    const approvals = store({
      defaults: { security: "full", ask: "always" },
      agents: {
        main: { ask: "off", allowlist: [{ pattern: "/usr/bin/ls" }] },
        "*": { security: "allowlist", ask: "on-miss", allowlist: [{ pattern: "cat" }] },
      },
    });
    const main = resolveExecSettings({ config: {}, agentId: "main", approvals });
    expect([main.security, main.ask, main.allowlist.map((entry) => entry.pattern)]).toEqual([
      "allowlist",
      "off",
      ["/usr/bin/ls", "cat"],
    ]);
    const other = resolveExecSettings({ config: {}, agentId: "ops", approvals });
    expect([other.security, other.ask, other.allowlist.map((entry) => entry.pattern)]).toEqual([
      "allowlist",
      "on-miss",
      ["cat"],
    ]);
  });

  it("ignores invalid config values and honours a configured safeBins list", () => {
    const settings = resolveExecSettings({
      config: { tools: { exec: { security: "yolo", ask: 3, safeBins: ["jq", 7] } } },
      agentId: "main",
      approvals: EMPTY_EXEC_APPROVALS,
    });
    expect([settings.security, settings.ask, settings.safeBins]).toEqual(["allowlist", "on-miss", ["jq"]]);
  });

  it("sandboxes by mode and session key; an explicit host: sandbox without one is unavailable", () => {
    const resolve = (mode: string | undefined, sessionKey: string, host?: string, list?: unknown[]) => {
      const settings = resolveExecSettings({
        config: {
          tools: { exec: host === undefined ? {} : { host } },
          agents: { defaults: mode === undefined ? {} : { sandbox: { mode } }, ...(list ? { list } : {}) },
        },
        agentId: "main",
        sessionKey,
        approvals: EMPTY_EXEC_APPROVALS,
      });
      return [settings.host, settings.sandboxUnavailable];
    };
    expect(resolve(undefined, "agent:main:main")).toEqual(["gateway", false]);
    expect(resolve("off", "agent:main:main", "sandbox")).toEqual(["gateway", true]);
    expect(resolve("all", "agent:main:main", "sandbox")).toEqual(["sandbox", false]);
    expect(resolve("non-main", "agent:main:main")).toEqual(["gateway", false]);
    expect(resolve("non-main", "agent:main:subagent:1")).toEqual(["sandbox", false]);
    expect(resolve("non-main", "agent:main:subagent:1", "gateway")).toEqual(["sandbox", false]);
    expect(resolve("all", "agent:main:main", undefined, [{ id: "main", sandbox: { mode: "off" } }])).toEqual([
      "gateway",
      false,
    ]);
  });
});
