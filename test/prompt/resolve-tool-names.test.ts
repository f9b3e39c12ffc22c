import { describe, expect, it } from "vitest";
import type { OpenClawConfigInput as OpenClawConfig } from "../../src/config/openclaw-config-schema.js";
import { type ResolveToolNamesContext, resolveToolNames } from "../../src/prompt/resolve-tool-names.js";
import { CORE_TOOL_NAMES, TOOL_GROUPS, TOOL_PROFILES } from "../../src/prompt/tool-catalog.js";

const ALL = [...CORE_TOOL_NAMES];

function resolve(config: OpenClawConfig, extra: Omit<ResolveToolNamesContext, "config"> = {}, tools = ALL) {
  return resolveToolNames(tools, { config, ...extra });
}

const without = (names: readonly string[], removed: readonly string[]) => names.filter((n) => !removed.includes(n));

describe("resolveToolNames: loop.md §7.3 examples", () => {
  it("profile minimal ⇒ session_status only", () => {
    expect(resolve({ tools: { profile: "minimal" } })).toEqual({ names: ["session_status"], warnings: [] });
  });

  it("profile coding, deny exec and memory_* ⇒ coding minus exec, memory_search, memory_get", () => {
    const { names } = resolve({ tools: { profile: "coding", deny: ["exec", "memory_*"] } });
    expect(names).toEqual(without(TOOL_PROFILES.coding ?? [], ["exec", "memory_search", "memory_get"]));
    expect(names).toContain("process");
    expect(names).toContain("apply_patch");
  });

  it("no profile, allow read and exec ⇒ read, exec and apply_patch", () => {
    expect(resolve({ tools: { allow: ["read", "exec"] } }).names).toEqual(["read", "apply_patch", "exec"]);
  });

  it("profile messaging with alsoAllow web_fetch ⇒ messaging tools + web_fetch", () => {
    expect(resolve({ tools: { profile: "messaging", alsoAllow: ["web_fetch"] } }).names).toEqual([
      "web_fetch",
      "sessions_list",
      "sessions_history",
      "sessions_send",
      "session_status",
      "message",
    ]);
  });

  it("an allow list of only an unknown entry is ignored with a warning: all tools stay", () => {
    expect(resolve({ tools: { allow: ["my_plugin_tool"] } })).toEqual({
      names: ALL,
      warnings: [
        "tools: tools.allow allowlist contains unknown entries (my_plugin_tool). The allowlist is ignored so core tools stay available; use alsoAllow to add plugin tools.",
      ],
    });
  });

  it("full profile and unset profile do not filter", () => {
    expect(resolve({ tools: { profile: "full" } }).names).toEqual(ALL);
    expect(resolve({}).names).toEqual(ALL);
  });
});

describe("resolveToolNames: prompt.md §8", () => {
  it("removes owner-only tools (cron, gateway, whatsapp_login, flagged) for non-owners only", () => {
    const tools = ["read", "cron", "gateway", "whatsapp_login", { name: "secret_tool", ownerOnly: true }];
    expect(resolveToolNames(tools, { config: {}, senderIsOwner: false }).names).toEqual(["read"]);
    expect(resolveToolNames(tools, { config: {} }).names).toEqual([
      "read",
      "cron",
      "gateway",
      "whatsapp_login",
      "secret_tool",
    ]);
  });

  it("the profiles allow exactly the table's tools", () => {
    expect(resolve({ tools: { profile: "coding" } }).names).toEqual([
      "read",
      "write",
      "edit",
      "apply_patch",
      "exec",
      "process",
      "memory_search",
      "memory_get",
      "sessions_list",
      "sessions_history",
      "sessions_send",
      "sessions_spawn",
      "subagents",
      "session_status",
      "cron",
      "image",
    ]);
    expect(resolve({ tools: { profile: "messaging" } }).names).toEqual([
      "sessions_list",
      "sessions_history",
      "sessions_send",
      "session_status",
      "message",
    ]);
  });

  it("plugin tools pass a profile only through explicit allow entries", () => {
    const tools = ["read", { name: "jira_create", pluginId: "jira" }, { name: "jira_list", pluginId: "jira" }];
    expect(resolveToolNames(tools, { config: { tools: { profile: "coding" } } }).names).toEqual(["read"]);
    const allowed = { tools: { profile: "coding" as const, alsoAllow: ["jira"] } };
    expect(resolveToolNames(tools, { config: allowed }).names).toEqual(["read", "jira_create", "jira_list"]);
    const group = { tools: { profile: "coding" as const, alsoAllow: ["group:plugins"] } };
    expect(resolveToolNames(tools, { config: group }).names).toEqual(["read", "jira_create", "jira_list"]);
  });

  it("an allow list of only plugin tools is ignored without a warning", () => {
    const tools = ["read", { name: "jira_create", pluginId: "jira" }];
    expect(resolveToolNames(tools, { config: { tools: { allow: ["jira_create"] } } })).toEqual({
      names: ["read", "jira_create"],
      warnings: [],
    });
  });

  it("an allow list with a core entry keeps its unknown entries and warns", () => {
    const result = resolve({ tools: { allow: ["read", "nope"] } });
    expect(result.names).toEqual(["read"]);
    expect(result.warnings).toEqual([
      "tools: tools.allow allowlist contains unknown entries (nope). They match no tool unless a plugin provides them.",
    ]);
  });

  it("inside an allow/deny layer alsoAllow is merged into allow", () => {
    expect(resolve({ tools: { allow: ["read"], alsoAllow: ["message"] } }).names).toEqual(["read", "message"]);
  });

  it("the agent's alsoAllow, else the global one, is merged into the profile", () => {
    const config: OpenClawConfig = {
      tools: { profile: "minimal", alsoAllow: ["message"] },
      agents: { list: [{ id: "main", tools: { alsoAllow: ["tts"] } }, { id: "other" }] },
    };
    expect(resolve(config, { agentId: "main" }).names).toEqual(["session_status", "tts"]);
    expect(resolve(config, { agentId: "other" }).names).toEqual(["session_status", "message"]);
  });

  it("alsoAllow without allow means no restriction", () => {
    expect(resolve({ tools: { alsoAllow: ["web_fetch"] } }).names).toEqual(ALL);
  });

  it("names are trimmed, lower-cased and aliased: bash → exec, apply-patch → apply_patch", () => {
    expect(resolve({ tools: { allow: ["  BASH "] } }).names).toEqual(["apply_patch", "exec"]);
    expect(resolve({ tools: { allow: ["read"], deny: ["Apply-Patch"] } }).names).toEqual(["read"]);
    expect(resolveToolNames(["Read", " EXEC", "bash"], { config: { tools: { deny: ["exec"] } } }).names).toEqual([
      "Read",
    ]);
  });

  it.each([
    ["group:fs", ["read", "write", "edit", "apply_patch"]],
    ["group:runtime", ["exec", "process"]],
    ["group:web", ["web_search", "web_fetch"]],
    ["group:memory", ["memory_search", "memory_get"]],
    [
      "group:sessions",
      ["sessions_list", "sessions_history", "sessions_send", "sessions_spawn", "subagents", "session_status"],
    ],
    ["group:ui", ["browser", "canvas"]],
    ["group:messaging", ["message"]],
    ["group:automation", ["cron", "gateway"]],
    ["group:nodes", ["nodes"]],
    ["group:agents", ["agents_list"]],
    ["group:media", ["image", "tts"]],
  ])("%s expands to its members", (group, members) => {
    expect(TOOL_GROUPS[group as keyof typeof TOOL_GROUPS]).toEqual(members);
    expect(resolve({ tools: { deny: [group] } }).names).toEqual(without(ALL, members));
  });

  it("allowing group:runtime also allows apply_patch (the exec rule)", () => {
    expect(resolve({ tools: { allow: ["group:runtime"] } }).names).toEqual(["apply_patch", "exec", "process"]);
  });

  it("group:openclaw is every core tool except the fs and runtime ones", () => {
    const fsAndRuntime = ["read", "write", "edit", "apply_patch", "exec", "process"];
    expect(TOOL_GROUPS["group:openclaw"]).toEqual(without(ALL, fsAndRuntime));
    expect(resolve({ tools: { deny: ["group:openclaw"] } }).names).toEqual(fsAndRuntime);
  });

  it("globs are case-insensitive and deny wins over allow", () => {
    expect(resolve({ tools: { allow: ["SESSIONS_*"], deny: ["sessions_send"] } }).names).toEqual([
      "sessions_list",
      "sessions_history",
      "sessions_spawn",
    ]);
    expect(resolve({ tools: { allow: ["*"], deny: ["*"] } }).names).toEqual([]);
    expect(resolve({ tools: { allow: [] } }).names).toEqual(ALL);
  });

  it("agents.list[].tools.profile overrides the global profile; agent allow/deny is its own layer", () => {
    const config: OpenClawConfig = {
      tools: { profile: "minimal" },
      agents: { list: [{ id: "ops", tools: { profile: "messaging", deny: ["message"] } }] },
    };
    expect(resolve(config, { agentId: "ops" }).names).toEqual([
      "sessions_list",
      "sessions_history",
      "sessions_send",
      "session_status",
    ]);
    expect(resolve(config, { agentId: "other" }).names).toEqual(["session_status"]);
    expect(resolve(config).names).toEqual(["sessions_list", "sessions_history", "sessions_send", "session_status"]);
  });

  it("tools.byProvider: a provider/model key wins over the provider key; profile and allow/deny layers", () => {
    const config: OpenClawConfig = {
      tools: {
        byProvider: {
          OpenAI: { profile: "minimal" },
          "openai/gpt-5": { profile: "coding", deny: ["exec"] },
        },
      },
    };
    expect(resolve(config, { provider: "openai", modelId: "gpt-4" }).names).toEqual(["session_status"]);
    expect(resolve(config, { provider: "openai", modelId: "gpt-5" }).names).toEqual(
      without(TOOL_PROFILES.coding ?? [], ["exec"]),
    );
    expect(resolve(config, { provider: "anthropic", modelId: "openai/gpt-5" }).names).not.toContain("exec");
    expect(resolve(config, { provider: "anthropic" }).names).toEqual(ALL);
  });

  it("agent byProvider allow/deny applies after the agent layer", () => {
    const config: OpenClawConfig = {
      agents: {
        list: [{ id: "main", tools: { allow: ["group:fs"], byProvider: { anthropic: { deny: ["write"] } } } }],
      },
    };
    expect(resolve(config, { provider: "anthropic" }).names).toEqual(["read", "edit", "apply_patch"]);
  });

  it("a group policy is applied when given", () => {
    expect(resolve({}, { groupPolicy: { allow: ["message", "read"] } }).names).toEqual(["read", "message"]);
  });
});

describe("resolveToolNames: sandbox policy (loop.md §7.5)", () => {
  it("default allow and deny", () => {
    expect(resolve({}, { sandboxed: true }).names).toEqual([
      "read",
      "write",
      "edit",
      "apply_patch",
      "exec",
      "process",
      "sessions_list",
      "sessions_history",
      "sessions_send",
      "sessions_spawn",
      "subagents",
      "session_status",
      "image",
    ]);
  });

  it("image is added to a configured allow list unless denied; channel ids are denied by default", () => {
    const config: OpenClawConfig = { tools: { sandbox: { tools: { allow: ["read"] } } } };
    expect(resolve(config, { sandboxed: true }).names).toEqual(["read", "image"]);
    const denied: OpenClawConfig = { tools: { sandbox: { tools: { allow: ["read"], deny: ["image"] } } } };
    expect(resolve(denied, { sandboxed: true }).names).toEqual(["read"]);
    expect(resolveToolNames(["read", "telegram", "slack"], { config: {}, sandboxed: true }).names).toEqual(["read"]);
  });

  it("a configured allow list keeps the default deny unless deny is configured too", () => {
    const config: OpenClawConfig = { tools: { sandbox: { tools: { allow: ["*"] } } } };
    expect(resolve(config, { sandboxed: true }).names).toEqual(
      without(ALL, ["browser", "canvas", "nodes", "cron", "gateway"]),
    );
    const open: OpenClawConfig = { tools: { sandbox: { tools: { allow: ["*"], deny: [] } } } };
    expect(resolve(open, { sandboxed: true }).names).toEqual(ALL);
  });

  it("not sandboxed ⇒ no sandbox layer", () => {
    expect(resolve({}, { sandboxed: false }).names).toEqual(ALL);
  });
});

describe("resolveToolNames: sub-agent policy (loop.md §7.4)", () => {
  const always = ["gateway", "agents_list", "session_status", "cron", "memory_search", "memory_get", "sessions_send"];
  const leaf = ["sessions_list", "sessions_history", "sessions_spawn"];

  it("a depth-1 child with the default maxSpawnDepth 1 is a leaf", () => {
    expect(resolve({}, { subagentDepth: 1 }).names).toEqual(without(ALL, [...always, ...leaf]));
  });

  it("maxSpawnDepth 2: the depth-1 child may spawn, the depth-2 grandchild is a leaf", () => {
    const config: OpenClawConfig = { agents: { defaults: { subagents: { maxSpawnDepth: 2 } } } };
    expect(resolve(config, { subagentDepth: 1 }).names).toEqual(without(ALL, always));
    expect(resolve(config, { subagentDepth: 2 }).names).toEqual(without(ALL, [...always, ...leaf]));
  });

  it("tools.subagents.tools: alsoAllow re-enables, deny adds, allow is a final allow list", () => {
    const reEnabled: OpenClawConfig = {
      tools: { subagents: { tools: { alsoAllow: ["memory_search"], deny: ["tts"] } } },
    };
    expect(resolve(reEnabled, { subagentDepth: 1 }).names).toEqual(
      without(ALL, [...without(always, ["memory_search"]), ...leaf, "tts"]),
    );
    const final: OpenClawConfig = { tools: { subagents: { tools: { allow: ["read", "memory_get"] } } } };
    expect(resolve(final, { subagentDepth: 1 }).names).toEqual(["read", "memory_get"]);
  });

  it("whatsapp_login is always denied to sub-agents; the main session keeps everything", () => {
    expect(resolveToolNames(["read", "whatsapp_login"], { config: {}, subagentDepth: 1 }).names).toEqual(["read"]);
    expect(resolve({}).names).toEqual(ALL);
  });
});

describe("resolveToolNames: layers combine", () => {
  it("a tool must pass every layer", () => {
    const config: OpenClawConfig = {
      tools: { profile: "coding", allow: ["group:fs", "group:runtime", "group:sessions"], deny: ["process"] },
      agents: { list: [{ id: "main", tools: { deny: ["write"] } }] },
    };
    expect(resolve(config, { subagentDepth: 1 }).names).toEqual(["read", "edit", "apply_patch", "exec", "subagents"]);
  });

  it("keeps duplicates and the input order and casing", () => {
    expect(resolveToolNames(["Exec", "read", "exec"], { config: { tools: { deny: ["write"] } } }).names).toEqual([
      "Exec",
      "read",
      "exec",
    ]);
  });

  it("reads malformed config values as absent", () => {
    const config = { tools: { allow: "read", deny: [3, "exec"], profile: 7 } } as unknown as OpenClawConfig;
    expect(resolve(config).names).toEqual(without(ALL, ["exec"]));
  });
});
