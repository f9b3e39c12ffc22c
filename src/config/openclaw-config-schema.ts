import type { z } from "zod";
import { agentsConfigKeys } from "./agent-config-keys.js";
import type { ConfigIn, ConfigOut } from "./config-node.js";
import { configStructure } from "./config-structure.js";
import { configValue as value } from "./config-value.js";
import { channelConfigKeys } from "./heartbeat-config-keys.js";
import { toolConfigKeys } from "./tool-config-keys.js";

const { section, open, map, list } = configStructure;

const skills = section({
  load: section({
    extraDirs: value.pathList("a folder path", { default: [] }),
    watch: value.boolean({ default: true }),
    /** Milliseconds; negative counts as 0. */
    watchDebounceMs: value.number({ default: 250, min: 0 }),
    bundledDir: value.path({ optional: "no bundled skills are loaded" }),
  }),
  limits: section({
    maxCandidatesPerRoot: value.limit({ default: 300 }),
    maxSkillsLoadedPerSource: value.limit({ default: 200 }),
    maxSkillsInPrompt: value.limit({ default: 150 }),
    /** Chars. */
    maxSkillsPromptChars: value.limit({ default: 30000 }),
    /** Bytes. */
    maxSkillFileBytes: value.limit({ default: 256000 }),
  }),
  /** `[]` (the default) means no restriction. */
  allowBundled: value.nameList("a skill name", { default: [] }),
  /** Keyed by skillKey. */
  entries: map(
    section({
      enabled: value.boolean({ default: true }),
      env: map(value.text({ optional: "the variable is not set", trim: false, fallback: "the value is ignored" })),
      apiKey: value.free("a string or a secret reference; absent: no key"),
      config: value.free("skill options, free-form"),
    }),
  ),
});

const hooks = section({
  internal: section({
    enabled: value.boolean({ optional: "hooks run as registered", fallback: "it counts as unset" }),
    entries: map(open({ enabled: value.boolean({ default: true }) }), {
      "session-memory": open({
        enabled: value.boolean({ default: true }),
        messages: value.positive({ default: 15 }),
        llmSlug: value.boolean({ default: true }),
      }),
    }),
  }),
});

/** `models.providers.<provider>`: only `models[].id` and `.contextWindow` (tokens) are read; other keys are kept. */
const provider = open({
  models: list(
    open({
      id: value.text({ optional: "the entry matches no model" }),
      contextWindow: value.positive({ optional: "the known-model table, else 200000 tokens", integer: true }),
    }),
    { default: [] },
  ),
});

/**
 * Every openclaw.json key the five specs read (prompt.md §1.5, skills.md §1.4, context.md §4.1,
 * §6.4, memory.md §2, §9.1, loop.md §1, §5, §6, §7, §8, §9), described once: the types, the
 * defaults and the check all come from here. Maps keyed by user names (skill keys,
 * `provider/model`, channel ids, hook and plugin names) accept any key; a channel's keys are
 * free-form apart from its heartbeat visibility.
 */
export const openClawConfigKeys = section({
  agents: agentsConfigKeys,
  tools: toolConfigKeys,
  skills,
  memory: section({ citations: value.oneOf(["auto", "on", "off"], { default: "auto" }) }),
  commands: section({
    ownerDisplay: value.oneOf(["raw", "hash"], { default: "hash" }),
    ownerDisplaySecret: value.text({ optional: "owner ids are hashed without a secret" }),
  }),
  messages: section({
    queue: section({
      mode: value.oneOf(["collect", "followup", "steer", "steer-backlog", "interrupt"], { default: "collect" }),
      debounceMs: value.nonNegative({ default: 1000 }),
      cap: value.positive({ default: 20 }),
      drop: value.oneOf(["old", "new", "summarize"], { default: "summarize" }),
    }),
    responsePrefix: value.text({ optional: "no prefix is added", trim: false }),
  }),
  channels: map(channelConfigKeys),
  hooks,
  acp: section({
    enabled: value.boolean({ default: true }),
    defaultAgent: value.text({ optional: "no default ACP agent", fallback: "the value is ignored" }),
    allowedAgents: value.textList("an agent id", { optional: "any agent" }),
  }),
  plugins: section({
    slots: open({ contextEngine: value.text({ default: "legacy", fallback: "the default legacy applies" }) }),
    entries: map(value.free("plugin options, free-form")),
  }),
  browser: open({ enabled: value.boolean({ default: true }), evaluateEnabled: value.boolean({ default: true }) }),
  models: open({ providers: map(provider) }),
});

/** The zod schema of openclaw.json: parsing never throws; absent or invalid values get their defaults. */
export const openClawConfigSchema: z.ZodType<OpenClawConfig, OpenClawConfigInput> = openClawConfigKeys.schema;

/** openclaw.json resolved: every key with a default is set; optional keys may be `undefined`; unknown keys are gone. */
export type OpenClawConfig = ConfigOut<typeof openClawConfigKeys>;

/** openclaw.json as written: every key optional. */
export type OpenClawConfigInput = ConfigIn<typeof openClawConfigKeys>;
