import { describe, expect, it } from "vitest";
import { resolveConfigSection, resolveOpenClawConfig } from "../../src/config/resolve-openclaw-config.js";

const defaults = resolveOpenClawConfig({});
const agentDefaults = defaults.agents.defaults;

describe("resolveOpenClawConfig: the spec's defaults", () => {
  it("prompt.md §1.5 and loop.md §1", () => {
    expect(agentDefaults).toMatchObject({
      bootstrapMaxChars: 20000,
      bootstrapTotalMaxChars: 150000,
      timeFormat: "auto",
      memoryMaxLines: 200,
      maxConcurrent: 4,
      timeoutSeconds: 600,
    });
    expect([agentDefaults.userTimezone, agentDefaults.repoRoot, agentDefaults.workspace]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(defaults.commands).toEqual({ ownerDisplay: "hash", ownerDisplaySecret: undefined });
    expect(defaults.acp.enabled).toBe(true);
    expect(defaults.memory.citations).toBe("auto");
    expect(defaults.messages.queue).toEqual({ mode: "collect", debounceMs: 1000, cap: 20, drop: "summarize" });
  });

  it("loop.md §5.1 heartbeat (every in ms) and channel visibility", () => {
    expect(agentDefaults.heartbeat).toMatchObject({
      every: 30 * 60_000,
      target: "last",
      ackMaxChars: 300,
      session: "main",
      includeReasoning: false,
      lightContext: false,
      activeHours: {},
    });
    expect(agentDefaults.heartbeat.prompt).toMatch(/^Read HEARTBEAT\.md if it exists .* reply HEARTBEAT_OK\.$/);
  });

  it("loop.md §6.1, §8.1, §9: sub-agents, exec, sandbox, fs", () => {
    expect(agentDefaults.subagents).toMatchObject({
      maxConcurrent: 8,
      maxSpawnDepth: 1,
      maxChildrenPerAgent: 5,
      runTimeoutSeconds: 0,
    });
    expect(defaults.tools.exec).toEqual({
      safeBins: ["jq", "cut", "uniq", "head", "tail", "tr", "wc"],
      backgroundMs: 10_000,
      host: undefined,
      security: undefined,
      ask: undefined,
      askFallback: undefined,
    });
    expect(agentDefaults.sandbox).toEqual({ mode: "off", workspaceAccess: "none" });
    expect(defaults.tools.fs.workspaceOnly).toBe(true);
  });

  it("skills.md §1.4", () => {
    expect(defaults.skills.limits).toEqual({
      maxCandidatesPerRoot: 300,
      maxSkillsLoadedPerSource: 200,
      maxSkillsInPrompt: 150,
      maxSkillsPromptChars: 30000,
      maxSkillFileBytes: 256000,
    });
    expect(defaults.skills.load).toMatchObject({ extraDirs: [], watch: true, watchDebounceMs: 250 });
    expect(defaults.skills.allowBundled).toEqual([]);
  });

  it("context.md §4.1 and memory.md §9.1: compaction and memory flush", () => {
    expect(agentDefaults.compaction).toMatchObject({
      mode: "safeguard",
      reserveTokens: 16384,
      reserveTokensFloor: 20000,
      keepRecentTokens: 20000,
      maxHistoryShare: 0.5,
      identifierPolicy: "strict",
      recentTurnsPreserve: 3,
      qualityGuard: { enabled: false, maxRetries: 1 },
      timeoutSeconds: 300,
      memoryFlush: { enabled: true, softThresholdTokens: 4000, forceFlushTranscriptBytes: 2097152 },
    });
  });

  it("context.md §6.4: cache-TTL pruning (mode and ttl decided by the reader)", () => {
    expect(agentDefaults.contextPruning).toEqual({
      mode: undefined,
      ttl: undefined,
      keepLastAssistants: 3,
      softTrimRatio: 0.3,
      hardClearRatio: 0.5,
      minPrunableToolChars: 50000,
      softTrim: { maxChars: 4000, headChars: 1500, tailChars: 1500 },
      hardClear: { enabled: true, placeholder: "[Old tool result content cleared]" },
      tools: { allow: [], deny: [] },
    });
  });

  it("memory.md §2: memory search", () => {
    expect(agentDefaults.memorySearch).toMatchObject({
      enabled: true,
      provider: "hash",
      fallback: "none",
      remote: { baseUrl: "https://api.openai.com/v1", headers: {} },
      sources: ["memory"],
      extraPaths: [],
      store: { fts: { tokenizer: "unicode61" }, vector: { enabled: true } },
      chunking: { tokens: 400, overlap: 80 },
      sync: { onSessionStart: true, onSearch: true, watch: true, watchDebounceMs: 1500, intervalMinutes: 0 },
      query: {
        maxResults: 6,
        minScore: 0.35,
        hybrid: {
          enabled: true,
          vectorWeight: 0.7,
          textWeight: 0.3,
          candidateMultiplier: 4,
          mmr: { enabled: false, lambda: 0.7 },
          temporalDecay: { enabled: true, halfLifeDays: 30 },
        },
      },
      cache: { enabled: true },
      autoRecall: { enabled: true, maxResults: 3, minScore: 0.3, minPromptChars: 5 },
      experimental: { sessionMemory: false },
    });
    expect(agentDefaults.memorySearch.cache.maxEntries).toBeUndefined();
  });
});

describe("resolveOpenClawConfig: invalid values fall back, a config never crashes a run", () => {
  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY, "20000", null, true, [], {}])(
    "bootstrapMaxChars %s resolves to the default 20000",
    (value) => {
      expect(
        resolveOpenClawConfig({ agents: { defaults: { bootstrapMaxChars: value } } }).agents.defaults.bootstrapMaxChars,
      ).toBe(20000);
    },
  );

  it("floors integer keys and clamps what the specs clamp", () => {
    const resolved = resolveOpenClawConfig({
      agents: {
        defaults: {
          bootstrapMaxChars: 100.9,
          compaction: { recentTurnsPreserve: 40, qualityGuard: { maxRetries: -2 } },
          contextPruning: { softTrimRatio: 1.5, hardClearRatio: -1, keepLastAssistants: 2.7 },
          memorySearch: {
            query: { minScore: 2, hybrid: { candidateMultiplier: 99.5, temporalDecay: { halfLifeDays: 0.2 } } },
          },
        },
      },
      skills: { load: { watchDebounceMs: -40 } },
    });
    const d = resolved.agents.defaults;
    expect(d.bootstrapMaxChars).toBe(100);
    expect(d.compaction.recentTurnsPreserve).toBe(12);
    expect(d.compaction.qualityGuard.maxRetries).toBe(0);
    expect([
      d.contextPruning.softTrimRatio,
      d.contextPruning.hardClearRatio,
      d.contextPruning.keepLastAssistants,
    ]).toEqual([1, 0, 2]);
    expect(d.memorySearch.query.minScore).toBe(1);
    expect(d.memorySearch.query.hybrid.candidateMultiplier).toBe(20);
    expect(d.memorySearch.query.hybrid.temporalDecay.halfLifeDays).toBe(1);
    expect(resolved.skills.load.watchDebounceMs).toBe(0);
  });

  it("wrong shapes resolve to the defaults of their section; unknown keys are dropped", () => {
    for (const config of [undefined, null, 7, "text", [1, 2], { agents: 5 }, { agents: { defaults: [] } }]) {
      expect(resolveOpenClawConfig(config).agents.defaults).toEqual(agentDefaults);
    }
    const resolved = resolveOpenClawConfig({ toolz: {}, tools: { profil: "x", allow: ["read", 3, "exec"] } });
    expect(resolved).not.toHaveProperty("toolz");
    expect(resolved.tools).not.toHaveProperty("profil");
    expect(resolved.tools.allow).toEqual(["read", "exec"]);
  });

  it("blank strings count as absent and strings are trimmed", () => {
    const resolved = resolveOpenClawConfig({
      agents: { defaults: { heartbeat: { prompt: "   ", target: " telegram " }, repoRoot: "  " } },
    });
    expect(resolved.agents.defaults.heartbeat.prompt).toBe(agentDefaults.heartbeat.prompt);
    expect(resolved.agents.defaults.heartbeat.target).toBe("telegram");
    expect(resolved.agents.defaults.repoRoot).toBeUndefined();
  });

  it("invalid values with a meaning of their own keep it: every disables, bad active hours are unset, limits as given", () => {
    const resolved = resolveOpenClawConfig({
      agents: { defaults: { heartbeat: { every: "soon", activeHours: { start: "bad", end: "24:00" } } } },
      skills: { limits: { maxSkillsInPrompt: -1, maxSkillsPromptChars: "9" } },
    });
    expect(resolved.agents.defaults.heartbeat.every).toBe(0);
    expect(resolved.agents.defaults.heartbeat.activeHours).toEqual({ end: "24:00" });
    expect(resolved.skills.limits.maxSkillsInPrompt).toBe(-1);
    expect(resolved.skills.limits.maxSkillsPromptChars).toBe(30000);
  });

  it("durations resolve to milliseconds (a bare number is minutes)", () => {
    const every = (value: unknown) =>
      resolveOpenClawConfig({ agents: { defaults: { heartbeat: { every: value } } } }).agents.defaults.heartbeat.every;
    expect([every("1h"), every("90s"), every("500ms"), every(2), every("2"), every(0), every("0m")]).toEqual([
      3_600_000, 90_000, 500, 120_000, 120_000, 0, 0,
    ]);
  });

  it("a __proto__ key never reaches the prototype", () => {
    const resolved = resolveOpenClawConfig(JSON.parse('{"skills": {"entries": {"__proto__": {"enabled": false}}}}'));
    expect(Object.keys(resolved.skills.entries)).toEqual([]);
    expect(({} as Record<string, unknown>).enabled).toBeUndefined();
  });

  it("resolveConfigSection resolves one section exactly as the whole config does", () => {
    const config = { skills: { limits: { maxSkillsInPrompt: 3 }, entries: { a: { env: { K: "v", N: 1 } } } } };
    expect(resolveConfigSection(config, "skills")).toEqual(resolveOpenClawConfig(config).skills);
    expect(resolveConfigSection(undefined, "tools")).toEqual(defaults.tools);
  });
});
