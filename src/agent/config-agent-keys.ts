import { configContextKeys } from "./config-context-keys.js";
import { configMemorySearchKeys } from "./config-memory-search-keys.js";
import { configNode } from "./config-node.js";
import { configAgentToolKeys } from "./config-tool-keys.js";
import { configValueChecks as check } from "./config-value-checks.js";

const { section, map } = configNode;

/** `agents.defaults.heartbeat` and `agents.list[].heartbeat` (loop.md §5.1). */
const heartbeat = section({
  every: check.duration("an invalid interval disables heartbeats", true),
  prompt: check.text("the default heartbeat prompt applies"),
  target: check.text("the default last applies"),
  to: check.text(),
  accountId: check.text(),
  model: check.text("the session model applies"),
  ackMaxChars: check.nonNegativeNumber(300),
  activeHours: section({
    start: check.clockTime(),
    end: check.clockTime(),
    timezone: check.text("the user time zone applies"),
  }),
  session: check.text("the main session applies"),
  includeReasoning: check.boolean(false),
  lightContext: check.boolean(false),
});

/** `agents.defaults.sandbox` and per-agent overrides (loop.md §9). */
const sandbox = section({
  mode: check.oneOf(["off", "non-main", "all"], "the default off applies"),
  workspaceAccess: check.oneOf(["none", "ro", "rw"], "the default none applies"),
});

const defaults = section({
  workspace: check.text("the default ~/.openclaw/workspace applies"),
  repoRoot: check.text(),
  userTimezone: check.timeZone("the host time zone applies"),
  timeFormat: check.text("the default auto applies"),
  bootstrapMaxChars: check.positiveNumber(20000),
  bootstrapTotalMaxChars: check.positiveNumber(150000),
  memoryMaxLines: check.nonNegativeNumber(200),
  maxConcurrent: check.positiveNumber(4),
  timeoutSeconds: check.positiveNumber(600),
  model: configNode.free,
  models: map(section({ alias: check.text("no alias line is shown") })),
  heartbeat,
  subagents: section({
    maxConcurrent: check.positiveNumber(8),
    maxSpawnDepth: check.positiveNumber(1),
    maxChildrenPerAgent: check.positiveNumber(5),
    runTimeoutSeconds: check.nonNegativeNumber(0),
    model: check.text("the caller's model applies"),
    thinking: check.text("the caller's thinking level applies"),
  }),
  sandbox,
  compaction: configContextKeys.compaction,
  contextPruning: configContextKeys.contextPruning,
  memorySearch: configMemorySearchKeys,
});

/** One `agents.list[]` entry (prompt.md §1.5, skills.md §7, loop.md §5.1, §6.1, memory.md §2). */
const entry = section({
  id: check.text("the entry matches no agent id"),
  default: check.boolean(false),
  name: check.text(),
  workspace: check.text("the default workspace applies"),
  model: configNode.free,
  tools: configAgentToolKeys,
  skills: check.textList("a skill name"),
  heartbeat,
  memorySearch: configMemorySearchKeys,
  subagents: section({
    allowAgents: check.textList("an agent id or *"),
    model: check.text("the caller's model applies"),
    thinking: check.text("the caller's thinking level applies"),
  }),
  sandbox,
});

/** `agents.*`. */
export const configAgentKeys = section({ defaults, list: configNode.list(entry) });
