import { TOOL_PROFILE_IDS, type ToolProfileId } from "../config/tool-config-keys.js";

/**
 * The core tool catalog, groups and profiles of spec/loop.md §7.1 and spec/prompt.md §8
 * (classic membership). Names are lower-case keys.
 */

export type ToolGroupId =
  | "fs"
  | "runtime"
  | "web"
  | "memory"
  | "sessions"
  | "messaging"
  | "automation"
  | "media"
  | "ui"
  | "nodes"
  | "agents";

/** Every core tool with its group, in the order of loop.md §7.1. */
export const CORE_TOOLS: readonly { name: string; group: ToolGroupId }[] = [
  { name: "read", group: "fs" },
  { name: "write", group: "fs" },
  { name: "edit", group: "fs" },
  { name: "apply_patch", group: "fs" },
  { name: "exec", group: "runtime" },
  { name: "process", group: "runtime" },
  { name: "web_search", group: "web" },
  { name: "web_fetch", group: "web" },
  { name: "memory_search", group: "memory" },
  { name: "memory_get", group: "memory" },
  { name: "sessions_list", group: "sessions" },
  { name: "sessions_history", group: "sessions" },
  { name: "sessions_send", group: "sessions" },
  { name: "sessions_spawn", group: "sessions" },
  { name: "subagents", group: "sessions" },
  { name: "session_status", group: "sessions" },
  { name: "message", group: "messaging" },
  { name: "cron", group: "automation" },
  { name: "image", group: "media" },
  { name: "browser", group: "ui" },
  { name: "canvas", group: "ui" },
  { name: "gateway", group: "automation" },
  { name: "nodes", group: "nodes" },
  { name: "agents_list", group: "agents" },
  { name: "tts", group: "media" },
];

export const CORE_TOOL_NAMES: readonly string[] = CORE_TOOLS.map((tool) => tool.name);

const membersOf = (group: ToolGroupId): string[] =>
  CORE_TOOLS.filter((tool) => tool.group === group).map((tool) => tool.name);

export type ToolGroupName = `group:${ToolGroupId}` | "group:openclaw" | "group:plugins";

/**
 * Group members. `group:openclaw` is every core tool except the fs and runtime ones;
 * `group:plugins` is empty here because it stands for the plugin tools of a run (resolved then).
 */
export const TOOL_GROUPS: Readonly<Record<ToolGroupName, readonly string[]>> = {
  "group:fs": membersOf("fs"),
  "group:runtime": membersOf("runtime"),
  "group:web": membersOf("web"),
  "group:memory": membersOf("memory"),
  "group:sessions": membersOf("sessions"),
  "group:messaging": membersOf("messaging"),
  "group:automation": membersOf("automation"),
  "group:media": membersOf("media"),
  "group:ui": membersOf("ui"),
  "group:nodes": membersOf("nodes"),
  "group:agents": membersOf("agents"),
  "group:openclaw": CORE_TOOLS.filter((tool) => tool.group !== "fs" && tool.group !== "runtime").map(
    (tool) => tool.name,
  ),
  "group:plugins": [],
};

/** Allow lists of the profiles; `undefined` (full) means no restriction. */
export const TOOL_PROFILES: Readonly<Record<ToolProfileId, readonly string[] | undefined>> = {
  minimal: ["session_status"],
  coding: [
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
  ],
  messaging: ["sessions_list", "sessions_history", "sessions_send", "session_status", "message"],
  full: undefined,
};

export { TOOL_PROFILE_IDS };

export const TOOL_NAME_ALIASES: Readonly<Record<string, string>> = { bash: "exec", "apply-patch": "apply_patch" };

/** Removed for senders who are not owners (`whatsapp_login` is a channel plugin's tool, not core). */
export const OWNER_ONLY_TOOLS: readonly string[] = ["cron", "gateway", "whatsapp_login"];

/** Denied to every sub-agent session (loop.md §7.4). */
export const SUBAGENT_DENIED_TOOLS: readonly string[] = [
  "gateway",
  "agents_list",
  "whatsapp_login",
  "session_status",
  "cron",
  "memory_search",
  "memory_get",
  "sessions_send",
];

/** Also denied to leaf sub-agents (depth ≥ `agents.defaults.subagents.maxSpawnDepth`). */
export const SUBAGENT_LEAF_DENIED_TOOLS: readonly string[] = ["sessions_list", "sessions_history", "sessions_spawn"];

/** The built-in channel ids (prompt.md §6.18); the sandbox denies tools named after them. */
export const CHANNEL_IDS: readonly string[] = [
  "telegram",
  "whatsapp",
  "discord",
  "irc",
  "googlechat",
  "slack",
  "signal",
  "imessage",
];

/** Sandbox policy defaults (loop.md §7.5). */
export const SANDBOX_DEFAULT_ALLOW: readonly string[] = [
  "exec",
  "process",
  "read",
  "write",
  "edit",
  "apply_patch",
  "image",
  "sessions_list",
  "sessions_history",
  "sessions_send",
  "sessions_spawn",
  "subagents",
  "session_status",
];

export const SANDBOX_DEFAULT_DENY: readonly string[] = [
  "browser",
  "canvas",
  "nodes",
  "cron",
  "gateway",
  ...CHANNEL_IDS,
];

/** The policy key of a name: trimmed, lower-cased, aliased (`bash` → `exec`). */
export function normaliseToolName(name: string): string {
  const key = name.trim().toLowerCase();
  return TOOL_NAME_ALIASES[key] ?? key;
}

export function isToolGroupName(name: string): name is ToolGroupName {
  return Object.hasOwn(TOOL_GROUPS, name);
}
