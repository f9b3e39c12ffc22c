import { describe, expect, it } from "vitest";
import { resolveAgentConfig, resolveDefaultAgentId } from "../../src/config/resolve-agent-config.js";
import {
  resolveContextConfig,
  resolveContextPruning,
  resolveModelContextWindows,
} from "../../src/config/resolve-context-config.js";
import { resolveHeartbeatVisibility } from "../../src/config/resolve-heartbeat-visibility.js";
import { resolveOpenClawConfig } from "../../src/config/resolve-openclaw-config.js";

describe("resolveAgentConfig", () => {
  it("the default agent is the entry marked default, else the first, else main", () => {
    expect(resolveDefaultAgentId(resolveOpenClawConfig({}))).toBe("main");
    expect(
      resolveDefaultAgentId(resolveOpenClawConfig({ agents: { list: [{ id: "a" }, { id: "b", default: true }] } })),
    ).toBe("b");
    expect(resolveDefaultAgentId(resolveOpenClawConfig({ agents: { list: [{ id: " a " }] } }))).toBe("a");
  });

  it("heartbeat: the agent's keys over the defaults (a whole activeHours replaces the window); only agents with a block run", () => {
    const config = resolveOpenClawConfig({
      agents: {
        defaults: {
          heartbeat: { every: "1h", target: "none", activeHours: { start: "08:00", end: "20:00", timezone: "user" } },
        },
        list: [
          { id: "main" },
          { id: "ops", heartbeat: { target: "telegram", activeHours: { start: "22:00" }, ackMaxChars: "x" } },
        ],
      },
    });
    const ops = resolveAgentConfig(config, "ops");
    expect(ops.heartbeatEnabled).toBe(true);
    expect(ops.heartbeat).toMatchObject({ every: 3_600_000, target: "telegram", ackMaxChars: 300 });
    expect(ops.heartbeat.activeHours).toEqual({ start: "22:00" });
    const main = resolveAgentConfig(config, "main");
    expect(main.heartbeatEnabled).toBe(false);
    expect(main.heartbeat.target).toBe("none");
  });

  it("without any heartbeat block only the default agent runs heartbeats", () => {
    const config = resolveOpenClawConfig({ agents: { list: [{ id: "a" }, { id: "b" }] } });
    expect([
      resolveAgentConfig(config, "a").heartbeatEnabled,
      resolveAgentConfig(config, "b").heartbeatEnabled,
    ]).toEqual([true, false]);
  });

  it("memorySearch merges key by key and concatenates extraPaths without duplicates (memory.md §2)", () => {
    const config = resolveOpenClawConfig({
      agents: {
        defaults: { memorySearch: { extraPaths: ["notes", "docs"], query: { maxResults: 10, minScore: 0.5 } } },
        list: [{ id: "a", memorySearch: { extraPaths: ["docs", "more"], query: { minScore: 0.1 }, provider: "none" } }],
      },
    });
    const search = resolveAgentConfig(config, "a").memorySearch;
    expect(search.extraPaths).toEqual(["notes", "docs", "more"]);
    expect(search.query).toMatchObject({ maxResults: 10, minScore: 0.1 });
    expect(search.provider).toBe("none");
    expect(resolveAgentConfig(config, "b").memorySearch.query.minScore).toBe(0.5);
  });

  it("sandbox and sub-agent settings come from the agent over the defaults", () => {
    const config = resolveOpenClawConfig({
      agents: {
        defaults: { sandbox: { mode: "non-main" }, subagents: { maxSpawnDepth: 2, thinking: "low" } },
        list: [{ id: "a", sandbox: { workspaceAccess: "rw" }, subagents: { allowAgents: ["*"], thinking: "high" } }],
      },
    });
    const agent = resolveAgentConfig(config, "a");
    expect(agent.sandbox).toEqual({ mode: "non-main", workspaceAccess: "rw" });
    expect(agent.subagents).toMatchObject({ maxSpawnDepth: 2, allowAgents: ["*"], thinking: "high" });
    expect(resolveAgentConfig(config, "z").subagents).toMatchObject({ allowAgents: [], thinking: "low" });
  });
});

describe("resolveHeartbeatVisibility (loop.md §5.1)", () => {
  it("layers channels.defaults < channel < account over showOk false, showAlerts and useIndicator true", () => {
    const config = resolveOpenClawConfig({
      channels: {
        defaults: { heartbeat: { showOk: true } },
        telegram: {
          heartbeat: { showAlerts: false, useIndicator: "no" },
          accounts: { a1: { heartbeat: { useIndicator: false } } },
        },
      },
    });
    expect(resolveHeartbeatVisibility(config, { channel: "scenario" })).toEqual({
      showOk: true,
      showAlerts: true,
      useIndicator: true,
    });
    expect(resolveHeartbeatVisibility(config, { channel: "telegram" })).toEqual({
      showOk: true,
      showAlerts: false,
      useIndicator: true,
    });
    expect(resolveHeartbeatVisibility(config, { channel: "telegram", accountId: "a1" })).toEqual({
      showOk: true,
      showAlerts: false,
      useIndicator: false,
    });
    expect(resolveHeartbeatVisibility(config, { channel: "constructor" })).toEqual({
      showOk: true,
      showAlerts: true,
      useIndicator: true,
    });
  });
});

describe("context and memory settings", () => {
  it("contextPruning: unset mode is off, or cache-ttl with a 1h ttl for Anthropic; an explicit mode keeps the 5m ttl", () => {
    const unset = resolveOpenClawConfig({});
    expect(resolveContextPruning(unset, "openai")).toMatchObject({ mode: "off", ttl: 300_000 });
    expect(resolveContextPruning(unset, "anthropic")).toMatchObject({ mode: "cache-ttl", ttl: 3_600_000 });
    const explicit = resolveOpenClawConfig({ agents: { defaults: { contextPruning: { mode: "cache-ttl" } } } });
    expect(resolveContextPruning(explicit, "anthropic")).toMatchObject({ mode: "cache-ttl", ttl: 300_000 });
    const off = resolveOpenClawConfig({ agents: { defaults: { contextPruning: { mode: "off", ttl: "10m" } } } });
    expect(resolveContextPruning(off, "anthropic")).toMatchObject({ mode: "off", ttl: 600_000 });
  });

  it("model context windows are listed as <provider>/<id> with tokens; incomplete entries are skipped", () => {
    const config = resolveOpenClawConfig({
      models: {
        mode: "merge",
        providers: {
          local: {
            baseUrl: "http://x",
            models: [{ id: "small", contextWindow: 8000 }, { id: "nowindow" }, { contextWindow: 5 }],
          },
          scripted: { models: [{ id: " tiny ", contextWindow: 2048.5 }] },
        },
      },
    });
    expect(resolveModelContextWindows(config)).toEqual([
      { id: "local/small", contextWindow: 8000 },
      { id: "scripted/tiny", contextWindow: 2048 },
    ]);
  });

  it("resolveContextConfig gathers compaction (with memoryFlush), pruning, the agent's memory search and the windows", () => {
    const config = resolveOpenClawConfig({
      agents: {
        defaults: { compaction: { reserveTokensFloor: 0, memoryFlush: { softThresholdTokens: 100 } } },
        list: [{ id: "a", memorySearch: { enabled: false } }],
      },
      memory: { citations: "off" },
    });
    const context = resolveContextConfig(config, { agentId: "a", provider: "scripted" });
    expect(context.compaction.reserveTokensFloor).toBe(0);
    expect(context.compaction.memoryFlush).toMatchObject({ enabled: true, softThresholdTokens: 100 });
    expect(context.contextPruning.mode).toBe("off");
    expect(context.memorySearch.enabled).toBe(false);
    expect(context.citations).toBe("off");
    expect(context.contextWindows).toEqual([]);
  });
});
