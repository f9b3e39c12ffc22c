import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Heartbeats in the simulated day: every 30 minutes for 24 hours. */
export const AGENT_DAY_HEARTBEATS = 48;
/** User messages in the simulated day. */
export const AGENT_DAY_USER_TURNS = 20;
/** Every this-many-th user turn reads a workspace file before answering. */
const READ_EVERY = 4;

/** The scenario files {@link writeAgentDaySuite} writes, relative to its folder. */
export const AGENT_DAY_FILE = "agent-day.yaml";
export const ONE_TURN_FILE = "one-turn.yaml";

/** What the owner asks during the day and what the scripted model answers; used in turn. */
const EXCHANGES: readonly { ask: string; reply: string }[] = [
  { ask: "Good morning! What's first on my list today?", reply: "First up: the API refactor review." },
  { ask: "Remind me what the Hangzhou plan looks like.", reply: "Train on Friday, West Lake on Saturday." },
  { ask: "Anything new in my reading list?", reply: "Two articles added yesterday, both on caching." },
  { ask: "Can you suggest something for dinner?", reply: "The tomato and egg stir-fry from your recipes." },
  { ask: "How far along is the refactor?", reply: "Three of the five endpoints are moved over." },
];

/** One-line YAML string. */
const quoted = (text: string) => JSON.stringify(text);

/** The header both scenarios share: the model, the copied workspace and the day's clock. */
function header(name: string): string[] {
  return [
    `name: ${quoted(name)}`,
    'models: ["scripted"]',
    "workspace: ./workspace",
    "clock: 2026-03-11T00:00:00+08:00",
    "timezone: Asia/Shanghai",
  ];
}

/**
 * The user turns of the day: the first at 07:10, then one every 45 minutes (the last at 21:25),
 * so no message lands on a heartbeat's half hour. Every {@link READ_EVERY}th turn reads
 * `todo.md` (2 s of simulated tool time) before a reply that takes 20 s; the others answer at once.
 */
function userTurns(): string[] {
  const lines: string[] = [];
  for (let index = 0; index < AGENT_DAY_USER_TURNS; index++) {
    const exchange = EXCHANGES[index % EXCHANGES.length]!;
    const reads = index % READ_EVERY === READ_EVERY - 1;
    lines.push(`  - user: ${quoted(exchange.ask)}`, `    at: ${quoted(index === 0 ? "07:10" : "+45m")}`, "    script:");
    if (reads) lines.push("      - { tool: read, input: { path: todo.md }, takes: 2s }");
    lines.push(`      - { text: ${quoted(exchange.reply)}${reads ? ", takes: 20s" : ""} }`, "    expect:");
    lines.push(`      - reply-contains: ${quoted(exchange.reply.split(" ").slice(0, 2).join(" "))}`);
    if (reads) lines.push("      - tool-called: { name: read, input: { path: todo.md } }");
  }
  return lines;
}

/**
 * The scripted agent-day: {@link AGENT_DAY_HEARTBEATS} heartbeats (every 30m for 1d, each
 * answering HEARTBEAT_OK) plus {@link AGENT_DAY_USER_TURNS} user turns spread over the day.
 * Pure.
 */
export function buildAgentDayScenario(): string {
  return [
    ...header("one scripted agent-day"),
    "heartbeats:",
    "  every: 30m",
    "  for: 1d",
    "  script: [{ text: HEARTBEAT_OK }]",
    "  expect: [{ heartbeat-ack: true }]",
    "turns:",
    ...userTurns(),
    "",
  ].join("\n");
}

/** The reference: one user turn with a scripted reply, on the same workspace and clock. Pure. */
export function buildOneTurnScenario(): string {
  const exchange = EXCHANGES[0]!;
  return [
    ...header("one scripted turn"),
    "turns:",
    `  - user: ${quoted(exchange.ask)}`,
    "    script:",
    `      - { text: ${quoted(exchange.reply)} }`,
    "    expect:",
    `      - reply-contains: ${quoted(exchange.reply.split(" ").slice(0, 2).join(" "))}`,
    "",
  ].join("\n");
}

/**
 * Writes both scenarios into `dir`, next to `workspace/`: a copy of `workspace` (the bench uses
 * fixtures/workspaces/personal).
 */
export function writeAgentDaySuite(options: { dir: string; workspace: string }): void {
  mkdirSync(options.dir, { recursive: true });
  cpSync(options.workspace, join(options.dir, "workspace"), { recursive: true });
  writeFileSync(join(options.dir, AGENT_DAY_FILE), buildAgentDayScenario());
  writeFileSync(join(options.dir, ONE_TURN_FILE), buildOneTurnScenario());
}
