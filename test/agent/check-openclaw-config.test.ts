import { describe, expect, it } from "vitest";
import { checkOpenClawConfig } from "../../src/config/check-openclaw-config.js";
import { configSuggestKey } from "../../src/config/config-suggest-key.js";

/** Every openclaw.json key named in spec/prompt.md, skills.md, context.md, memory.md and loop.md. */
const SPEC_KEYS = [
  "agents.defaults.bootstrapMaxChars",
  "agents.defaults.bootstrapTotalMaxChars",
  "agents.defaults.userTimezone",
  "agents.defaults.timeFormat",
  "agents.defaults.repoRoot",
  "agents.defaults.workspace",
  "agents.defaults.memoryMaxLines",
  "agents.defaults.maxConcurrent",
  "agents.defaults.timeoutSeconds",
  "agents.defaults.models.<openai/gpt-5>.alias",
  ...[
    "every",
    "prompt",
    "target",
    "to",
    "accountId",
    "model",
    "ackMaxChars",
    "activeHours.start",
    "activeHours.end",
    "activeHours.timezone",
    "session",
    "includeReasoning",
    "lightContext",
  ].flatMap((key) => [`agents.defaults.heartbeat.${key}`, `agents.list[].heartbeat.${key}`]),
  ...["maxConcurrent", "maxSpawnDepth", "maxChildrenPerAgent", "runTimeoutSeconds", "model", "thinking"].map(
    (key) => `agents.defaults.subagents.${key}`,
  ),
  "agents.defaults.sandbox.mode",
  "agents.defaults.sandbox.workspaceAccess",
  ...[
    "mode",
    "reserveTokens",
    "reserveTokensFloor",
    "keepRecentTokens",
    "maxHistoryShare",
    "identifierPolicy",
    "identifierInstructions",
    "recentTurnsPreserve",
    "qualityGuard.enabled",
    "qualityGuard.maxRetries",
    "model",
    "timeoutSeconds",
    "memoryFlush.enabled",
    "memoryFlush.softThresholdTokens",
    "memoryFlush.forceFlushTranscriptBytes",
    "memoryFlush.prompt",
    "memoryFlush.systemPrompt",
  ].map((key) => `agents.defaults.compaction.${key}`),
  ...[
    "mode",
    "ttl",
    "keepLastAssistants",
    "softTrimRatio",
    "hardClearRatio",
    "minPrunableToolChars",
    "softTrim.maxChars",
    "softTrim.headChars",
    "softTrim.tailChars",
    "hardClear.enabled",
    "hardClear.placeholder",
    "tools.allow",
    "tools.deny",
  ].map((key) => `agents.defaults.contextPruning.${key}`),
  ...[
    "enabled",
    "provider",
    "model",
    "fallback",
    "remote.baseUrl",
    "remote.apiKey",
    "remote.headers",
    "sources",
    "extraPaths",
    "store.path",
    "store.fts.tokenizer",
    "store.vector.enabled",
    "store.vector.extensionPath",
    "chunking.tokens",
    "chunking.overlap",
    "sync.onSessionStart",
    "sync.onSearch",
    "sync.watch",
    "sync.watchDebounceMs",
    "sync.intervalMinutes",
    "query.maxResults",
    "query.minScore",
    "query.hybrid.enabled",
    "query.hybrid.vectorWeight",
    "query.hybrid.textWeight",
    "query.hybrid.candidateMultiplier",
    "query.hybrid.mmr.enabled",
    "query.hybrid.mmr.lambda",
    "query.hybrid.temporalDecay.enabled",
    "query.hybrid.temporalDecay.halfLifeDays",
    "cache.enabled",
    "cache.maxEntries",
    "autoRecall.enabled",
    "autoRecall.maxResults",
    "autoRecall.minScore",
    "autoRecall.minPromptChars",
    "experimental.sessionMemory",
  ].flatMap((key) => [`agents.defaults.memorySearch.${key}`, `agents.list[].memorySearch.${key}`]),
  "agents.list[].id",
  "agents.list[].default",
  "agents.list[].workspace",
  "agents.list[].skills",
  "agents.list[].subagents.allowAgents",
  ...["", "byProvider.<anthropic>."].flatMap((prefix) =>
    ["profile", "allow", "alsoAllow", "deny"].flatMap((key) => [
      `tools.${prefix}${key}`,
      `agents.list[].tools.${prefix}${key}`,
    ]),
  ),
  ...["allow", "alsoAllow", "deny"].flatMap((key) => [`tools.subagents.tools.${key}`, `tools.sandbox.tools.${key}`]),
  "tools.exec.host",
  "tools.exec.security",
  "tools.exec.ask",
  "tools.exec.askFallback",
  "tools.exec.safeBins",
  "tools.fs.workspaceOnly",
  "skills.load.extraDirs",
  "skills.load.watch",
  "skills.load.watchDebounceMs",
  "skills.load.bundledDir",
  "skills.limits.maxCandidatesPerRoot",
  "skills.limits.maxSkillsLoadedPerSource",
  "skills.limits.maxSkillsInPrompt",
  "skills.limits.maxSkillsPromptChars",
  "skills.limits.maxSkillFileBytes",
  "skills.allowBundled",
  "skills.entries.<my-skill>.enabled",
  "skills.entries.<my-skill>.env",
  "skills.entries.<my-skill>.apiKey",
  "skills.entries.<my-skill>.config",
  "memory.citations",
  "commands.ownerDisplay",
  "commands.ownerDisplaySecret",
  "messages.queue.mode",
  "channels.<defaults>.heartbeat.showOk",
  "channels.<telegram>.accounts.<a1>.heartbeat.useIndicator",
  "channels.<telegram>.groups.<g1>.tools.allow",
  "channels.<telegram>.capabilities.inlineButtons",
  "channels.<telegram>.skills",
  "hooks.internal.enabled",
  "hooks.internal.entries.<session-memory>.messages",
  "hooks.internal.entries.<session-memory>.llmSlug",
  "acp.enabled",
  "acp.defaultAgent",
  "acp.allowedAgents",
  "plugins.slots.contextEngine",
  "browser.enabled",
  "browser.evaluateEnabled",
];

/** `a.<b.c>.d` and `a[].b` as a config holding `value` at that place. */
function configWith(path: string, value: unknown): unknown {
  const segments = path.match(/<[^>]+>|\[\]|[^.[\]<>]+/g) ?? [];
  let result: unknown = value;
  for (const segment of [...segments].reverse()) {
    result = segment === "[]" ? [result] : { [segment.replace(/^<|>$/g, "")]: result };
  }
  return result;
}

describe("checkOpenClawConfig", () => {
  it("knows every key the specs mention", () => {
    const unknown = SPEC_KEYS.flatMap((path) =>
      checkOpenClawConfig(configWith(path, "?"))
        .issues.filter((issue) => issue.target === "key")
        .map((issue) => issue.path),
    );
    expect(unknown).toEqual([]);
  });

  it("an absent config is empty; a non-mapping is a warning", () => {
    expect(checkOpenClawConfig(undefined)).toEqual({ config: {}, issues: [] });
    expect(checkOpenClawConfig({})).toEqual({ config: {}, issues: [] });
    expect(checkOpenClawConfig([1])).toEqual({
      config: {},
      issues: [
        {
          path: "",
          segments: [],
          target: "value",
          severity: "warning",
          expected: "a mapping (the value is ignored)",
          found: "a list",
        },
      ],
    });
  });

  it.each([
    [0, "number 0"],
    [-5, "number -5"],
    [Number.NaN, "number NaN"],
    ["20000", 'string "20000"'],
  ])("bootstrapMaxChars %s is a warning and dropped, so the default 20000 applies", (value, found) => {
    expect(checkOpenClawConfig({ agents: { defaults: { bootstrapMaxChars: value } } })).toEqual({
      config: { agents: { defaults: {} } },
      issues: [
        {
          path: "agents.defaults.bootstrapMaxChars",
          segments: ["agents", "defaults", "bootstrapMaxChars"],
          target: "value",
          severity: "warning",
          expected: "a positive number (the default 20000 applies)",
          found,
        },
      ],
    });
  });

  it("floats are accepted silently (readers floor them)", () => {
    const config = { agents: { defaults: { bootstrapMaxChars: 100.9 } } };
    expect(checkOpenClawConfig(config)).toEqual({ config, issues: [] });
  });

  it("unknown keys are warnings at any known depth, with a suggestion, and are kept", () => {
    const config = { toolz: {}, agents: { defaults: { heartbeat: { evry: "1h" } } } };
    const result = checkOpenClawConfig(config);
    expect(result.config).toEqual(config);
    expect(result.issues).toEqual([
      {
        path: "toolz",
        segments: ["toolz"],
        target: "key",
        severity: "warning",
        expected: "a top-level openclaw.json key (unknown keys are ignored)",
        found: 'key "toolz"',
        suggestion: "tools",
      },
      {
        path: "agents.defaults.heartbeat.evry",
        segments: ["agents", "defaults", "heartbeat", "evry"],
        target: "key",
        severity: "warning",
        expected: "a known agents.defaults.heartbeat key (unknown keys are ignored)",
        found: 'key "evry"',
        suggestion: "every",
      },
    ]);
  });

  it("free-form maps accept any key but check the keys inside each entry", () => {
    const result = checkOpenClawConfig({
      skills: { entries: { "any-name": { enabled: true, enabeld: false } } },
      agents: { defaults: { models: { "openai/gpt-4.1": { alias: "G", aliass: "x" } } } },
      channels: { telegram: { whatever: { deep: 1 } }, defaults: { heartbeat: { showOk: true } } },
      tools: { byProvider: { "anthropic/claude-x": { deny: ["exec"], dney: [] } } },
    });
    expect(result.issues.map((issue) => [issue.path, issue.suggestion])).toEqual([
      ["skills.entries.any-name.enabeld", "enabled"],
      ['agents.defaults.models["openai/gpt-4.1"].aliass', "alias"],
      ['tools.byProvider["anthropic/claude-x"].dney', "deny"],
    ]);
  });

  it("invalid enum values suggest the closest choice; list entries of the wrong type are dropped", () => {
    const result = checkOpenClawConfig({ tools: { profile: "codin", allow: ["read", 3] } });
    expect(result.config).toEqual({ tools: { allow: ["read"] } });
    expect(result.issues).toEqual([
      {
        path: "tools.profile",
        segments: ["tools", "profile"],
        target: "value",
        severity: "warning",
        expected: "one of minimal, coding, messaging, full (no profile filter applies)",
        found: 'string "codin"',
        suggestion: "coding",
      },
      {
        path: "tools.allow[1]",
        segments: ["tools", "allow", 1],
        target: "value",
        severity: "warning",
        expected: "a tool name, group or pattern (the entry is ignored)",
        found: "number 3",
      },
    ]);
  });

  it("keeps invalid values the spec gives a meaning (heartbeat every disables, bad active hours mean always)", () => {
    const config = { agents: { defaults: { heartbeat: { every: "soon", activeHours: { start: "bad" } } } } };
    const result = checkOpenClawConfig(config);
    expect(result.config).toEqual(config);
    expect(result.issues.map((issue) => issue.expected)).toEqual([
      "a duration such as 30m, 1h or a number of minutes (an invalid interval disables heartbeats)",
      "a time HH:MM (the active window is treated as always active)",
    ]);
  });

  it("userTimezone must be an IANA zone; the host zone applies otherwise", () => {
    expect(checkOpenClawConfig({ agents: { defaults: { userTimezone: "Asia/Shanghai" } } }).issues).toEqual([]);
    const issues = checkOpenClawConfig({ agents: { defaults: { userTimezone: "Mars/Base" } } }).issues;
    expect(issues.map((issue) => issue.expected)).toEqual([
      "an IANA time zone, e.g. Asia/Shanghai (the host time zone applies)",
    ]);
  });

  it("allow and alsoAllow in one scope are an error naming the scope, for every kind of scope", () => {
    const both = { allow: ["read"], alsoAllow: ["exec"] };
    const result = checkOpenClawConfig({
      tools: { ...both, byProvider: { openai: both }, subagents: { tools: both }, sandbox: { tools: both } },
      agents: { list: [{ id: "a", tools: { ...both, byProvider: { anthropic: both } } }] },
      channels: { telegram: { groups: { g1: { tools: both } } } },
    });
    expect(result.issues.filter((issue) => issue.severity === "error").map((issue) => issue.path)).toEqual([
      "tools.alsoAllow",
      "tools.byProvider.openai.alsoAllow",
      "tools.subagents.tools.alsoAllow",
      "tools.sandbox.tools.alsoAllow",
      "agents.list[0].tools.alsoAllow",
      "agents.list[0].tools.byProvider.anthropic.alsoAllow",
      "channels.telegram.groups.g1.tools.alsoAllow",
    ]);
    expect(result.issues[0]).toEqual({
      path: "tools.alsoAllow",
      segments: ["tools", "alsoAllow"],
      target: "key",
      severity: "error",
      expected: "either allow or alsoAllow in tools, not both (alsoAllow adds to a profile; allow replaces it)",
      found: "both tools.allow and tools.alsoAllow",
    });
  });

  it("empty allow or alsoAllow lists are no conflict", () => {
    expect(checkOpenClawConfig({ tools: { allow: [], alsoAllow: ["exec"] } }).issues).toEqual([]);
    expect(checkOpenClawConfig({ tools: { allow: ["read"], alsoAllow: [] } }).issues).toEqual([]);
  });

  it("a __proto__ key is an unknown key and never touches the prototype", () => {
    const result = checkOpenClawConfig(JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(result.issues.map((issue) => issue.found)).toEqual(['key "__proto__"']);
    expect(Object.hasOwn(result.config, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(result.config)).toBe(Object.prototype);
  });
});

describe("configSuggestKey", () => {
  it("suggests within edit distance 2 (transpositions count once), else a unique shared prefix", () => {
    expect(configSuggestKey("bootstrapMaxChar", ["bootstrapMaxChars", "bootstrapTotalMaxChars"])).toBe(
      "bootstrapMaxChars",
    );
    expect(configSuggestKey("PORFILE", ["profile", "allow"])).toBe("profile");
    expect(configSuggestKey("memorySearchExtra", ["memorySearch", "memoryMaxLines"])).toBe("memorySearch");
    expect(configSuggestKey("zz", ["ab"])).toBeUndefined();
    expect(configSuggestKey("xyzzy", ["profile"])).toBeUndefined();
  });
});
