/** The classic display order of core tools in the Tooling list (spec/prompt.md §6.2). */
export const TOOL_ORDER = [
  "read",
  "write",
  "edit",
  "apply_patch",
  "grep",
  "find",
  "ls",
  "exec",
  "process",
  "web_search",
  "web_fetch",
  "browser",
  "canvas",
  "nodes",
  "cron",
  "message",
  "gateway",
  "agents_list",
  "sessions_list",
  "sessions_history",
  "sessions_send",
  "subagents",
  "session_status",
  "image",
] as const;

/** Built-in one-line summaries, in claw-eval's own words, keyed by lower-case tool name. */
export const TOOL_SUMMARIES: Readonly<Record<string, string>> = {
  read: "Show a file's contents",
  write: "Create a file or replace its contents",
  edit: "Make precise text replacements in a file",
  apply_patch: "Apply a multi-file patch",
  grep: "Search file contents by pattern",
  find: "Find files by glob pattern",
  ls: "List a directory",
  exec: "Run shell commands",
  process: "Manage background exec sessions",
  web_search: "Search the web (Brave API)",
  web_fetch: "Fetch a URL and return readable content",
  browser: "Drive a web browser",
  canvas: "Show and update the canvas",
  nodes: "List and control paired nodes",
  cron: "Manage scheduled jobs and wake events",
  message: "Send messages and channel actions",
  gateway: "Restart or update the running OpenClaw gateway",
  agents_list: "List the agent ids allowed for sessions_spawn",
  sessions_list: "List other sessions",
  sessions_history: "Read another session's history",
  sessions_send: "Send a message to another session",
  subagents: "List, steer or stop sub-agents of this session",
  session_status: "Show session status (time, model, usage)",
  image: "Analyse an image",
  sessions_spawn: "Start a sub-agent run in its own session",
};

/**
 * Summaries used instead of {@link TOOL_SUMMARIES} when ACP is enabled and the run is not
 * sandboxed (spec/prompt.md §6.2 variants).
 */
export const ACP_TOOL_SUMMARIES: Readonly<Record<string, string>> = {
  agents_list: "List the agent ids allowed for sessions_spawn (ACP harness ids come from acp.allowedAgents)",
  sessions_spawn:
    'Start a sub-agent run in its own session, or an ACP harness session with runtime: "acp" (agents from acp.allowedAgents)',
};

/** The tools named by the Tooling fallback block when no tool names are given (§6.2). */
export const FALLBACK_TOOL_KEYS = [
  "grep",
  "find",
  "ls",
  "apply_patch",
  "exec",
  "process",
  "browser",
  "canvas",
  "nodes",
  "cron",
  "sessions_list",
  "sessions_history",
  "sessions_send",
  "subagents",
  "session_status",
] as const;
