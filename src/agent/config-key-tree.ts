import { configAgentKeys } from "./config-agent-keys.js";
import { configNode } from "./config-node.js";
import { configToolKeys } from "./config-tool-keys.js";
import { configValueChecks as check } from "./config-value-checks.js";

const { section, open, map, free } = configNode;

const skills = section({
  load: section({
    extraDirs: check.textList("a folder path"),
    watch: check.boolean(true),
    watchDebounceMs: check.number(250),
    bundledDir: check.text("no bundled skills are loaded"),
  }),
  limits: section({
    maxCandidatesPerRoot: check.limit(),
    maxSkillsLoadedPerSource: check.limit(),
    maxSkillsInPrompt: check.limit(),
    maxSkillsPromptChars: check.limit(),
    maxSkillFileBytes: check.limit(),
  }),
  allowBundled: check.textList("a skill name"),
  entries: map(section({ enabled: check.boolean(true), env: map(check.text()), apiKey: free, config: free })),
});

const hookEntry = open({ enabled: check.boolean(true) });

/** `channels.<ch>.heartbeat` and `channels.<ch>.accounts.<id>.heartbeat` visibility (loop.md §5.1). */
const heartbeatVisibility = section({
  showOk: check.boolean(false),
  showAlerts: check.boolean(true),
  useIndicator: check.boolean(true),
});

/** One `channels.<ch>` entry (also `channels.defaults`): other channel keys are free-form. */
const channel = open({ heartbeat: heartbeatVisibility, accounts: map(open({ heartbeat: heartbeatVisibility })) });

/**
 * Every openclaw.json key the five specs read. Maps keyed by user names (skill keys,
 * `provider/model`, channel ids, hook and plugin names) accept any key; a channel's keys are
 * free-form apart from its heartbeat visibility.
 */
export const configKeyTree = section({
  agents: configAgentKeys,
  tools: configToolKeys,
  skills,
  memory: section({ citations: check.oneOf(["auto", "on", "off"], "the default auto applies") }),
  commands: section({
    ownerDisplay: check.oneOf(["raw", "hash"], "the default hash applies"),
    ownerDisplaySecret: check.text("owner ids are hashed without a secret"),
  }),
  messages: section({
    queue: section({
      mode: check.oneOf(["collect", "followup", "steer", "steer-backlog", "interrupt"], "the default collect applies"),
      debounceMs: check.nonNegativeNumber(1000),
      cap: check.positiveNumber(20),
      drop: check.oneOf(["old", "new", "summarize"], "the default summarize applies"),
    }),
    responsePrefix: check.text("no prefix is added"),
  }),
  channels: map(channel),
  hooks: section({
    internal: section({
      enabled: configNode.value({
        expected: "true or false",
        fallback: "it counts as unset",
        accepts: (value) => typeof value === "boolean",
      }),
      entries: map(hookEntry, {
        "session-memory": open({
          enabled: check.boolean(true),
          messages: check.positiveNumber(15),
          llmSlug: check.boolean(true),
        }),
      }),
    }),
  }),
  acp: section({
    enabled: check.boolean(true),
    defaultAgent: check.text(),
    allowedAgents: check.textList("an agent id"),
  }),
  plugins: section({ slots: open({ contextEngine: check.text("the default legacy applies") }), entries: map(free) }),
  browser: open({ enabled: check.boolean(true), evaluateEnabled: check.boolean(true) }),
});
