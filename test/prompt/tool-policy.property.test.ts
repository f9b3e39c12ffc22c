// Guards against tool filtering that reorders or invents tools, lets a denied tool survive through an allow at some other layer, or keeps more tools after a deny entry is added.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OpenClawConfigInput as OpenClawConfig } from "../../src/config/openclaw-config-schema.js";
import type { ToolPolicyConfig } from "../../src/config/tool-config-keys.js";
import { type ResolveToolNamesContext, resolveToolNames, type ToolEntry } from "../../src/prompt/resolve-tool-names.js";
import { CORE_TOOL_NAMES, normaliseToolName, SANDBOX_DEFAULT_DENY } from "../../src/prompt/tool-catalog.js";
import { assertProperty } from "../support/assert-property.js";

const PLUGIN_TOOLS: ToolEntry[] = [
  { name: "jira_create", pluginId: "jira" },
  { name: "jira_list", pluginId: "jira" },
  { name: "Lights_On", pluginId: "home" },
];
const TOOL_POOL: (string | ToolEntry)[] = [...CORE_TOOL_NAMES, "grep", "ls", "Bash", "whatsapp_login", ...PLUGIN_TOOLS];

const entry = fc.constantFrom(
  ...CORE_TOOL_NAMES,
  " Read ",
  "BASH",
  "apply-patch",
  "group:fs",
  "group:runtime",
  "group:sessions",
  "group:openclaw",
  "group:plugins",
  "memory_*",
  "*_list",
  "*",
  "jira",
  "jira_*",
  "lights_on",
  "unknown_tool",
  "grep",
);
const list = fc.array(entry, { maxLength: 4 });
const scope = fc.record({ allow: list, alsoAllow: list, deny: list }, { requiredKeys: [] });
const profile = fc.constantFrom("minimal", "coding", "messaging", "full", "bogus");
const scoped = fc.record({ profile, allow: list, alsoAllow: list, deny: list }, { requiredKeys: [] });

const config = fc.record(
  {
    tools: fc.record(
      {
        profile,
        allow: list,
        alsoAllow: list,
        deny: list,
        byProvider: fc.record({ anthropic: scoped, "openai/gpt-5": scoped }, { requiredKeys: [] }),
        subagents: fc.record({ tools: scope }),
        sandbox: fc.record({ tools: scope }),
      },
      { requiredKeys: [] },
    ),
    agents: fc.record({
      defaults: fc.record({ subagents: fc.record({ maxSpawnDepth: fc.integer({ min: 1, max: 3 }) }) }),
      list: fc.array(
        fc.record({
          id: fc.constantFrom("main", "ops"),
          tools: fc.record(
            { profile, allow: list, alsoAllow: list, deny: list, byProvider: fc.record({ anthropic: scoped }) },
            { requiredKeys: [] },
          ),
        }),
        { maxLength: 2 },
      ),
    }),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<OpenClawConfig>;

const context = fc.record(
  {
    agentId: fc.constantFrom("main", "ops"),
    provider: fc.constantFrom("anthropic", "openai"),
    modelId: fc.constantFrom("gpt-5", "claude-x"),
    senderIsOwner: fc.boolean(),
    sandboxed: fc.boolean(),
    subagentDepth: fc.integer({ min: 1, max: 3 }),
    groupPolicy: scope as fc.Arbitrary<ToolPolicyConfig>,
  },
  { requiredKeys: [] },
) as fc.Arbitrary<Omit<ResolveToolNamesContext, "config">>;

const tools = fc.shuffledSubarray(TOOL_POOL);

const nameOf = (tool: string | ToolEntry) => (typeof tool === "string" ? tool : tool.name);

function isSubsequence(part: readonly string[], whole: readonly string[]): boolean {
  let position = 0;
  for (const item of whole) if (part[position] === item) position++;
  return position === part.length;
}

type DenyPlace = "global" | "agent" | "provider" | "agentProvider" | "group" | "sandbox" | "subagents";
const place = fc.constantFrom<DenyPlace>(
  "global",
  "agent",
  "provider",
  "agentProvider",
  "group",
  "sandbox",
  "subagents",
);

/** The object at `keys` below `root`, created where missing. */
function scopeAt(root: object, keys: readonly string[]): ToolPolicyConfig {
  let current = root as Record<string, unknown>;
  for (const key of keys) {
    const next = current[key];
    if (typeof next !== "object" || next === null) current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
  return current as ToolPolicyConfig;
}

const DENY_SCOPES: Record<Exclude<DenyPlace, "agent" | "agentProvider" | "group">, readonly string[]> = {
  global: ["tools"],
  provider: ["tools", "byProvider", "anthropic"],
  sandbox: ["tools", "sandbox", "tools"],
  subagents: ["tools", "subagents", "tools"],
};

/** A copy of the inputs with `name` added to the deny list at `where` (the sandbox's absent list means its defaults). */
function withDeny(
  input: { config: OpenClawConfig; extra: Omit<ResolveToolNamesContext, "config"> },
  where: DenyPlace,
  name: string,
) {
  const config = structuredClone(input.config);
  const extra = structuredClone(input.extra);
  const agent = config.agents?.list?.find((candidate) => candidate.id === (extra.agentId ?? candidate.id));
  let scope: ToolPolicyConfig | undefined;
  if (where === "group") scope = scopeAt(extra, ["groupPolicy"]);
  else if (where === "agent") scope = agent && scopeAt(agent, ["tools"]);
  else if (where === "agentProvider") scope = agent && scopeAt(agent, ["tools", "byProvider", "anthropic"]);
  else scope = scopeAt(config, DENY_SCOPES[where]);
  if (scope !== undefined) scope.deny = [...(scope.deny ?? (where === "sandbox" ? SANDBOX_DEFAULT_DENY : [])), name];
  return { config, extra, applied: scope !== undefined };
}

describe("resolveToolNames properties", () => {
  it("the result is a subsequence of the input", () => {
    assertProperty(
      fc.property(tools, config, context, (given, config, extra) => {
        const { names } = resolveToolNames(given, { config, ...extra });
        expect(isSubsequence(names, given.map(nameOf))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("deny always wins: a denied name never survives, whatever else is allowed", () => {
    const where = fc.constantFrom<DenyPlace>("global", "agent", "group");
    assertProperty(
      fc.property(tools, config, context, where, fc.nat(), (given, config, extra, where, pick) => {
        const tool = given[pick % Math.max(given.length, 1)];
        fc.pre(tool !== undefined);
        const denied = nameOf(tool as string | ToolEntry);
        const changed = withDeny({ config, extra }, where, denied);
        fc.pre(changed.applied);
        const { names } = resolveToolNames(given, { config: changed.config, ...changed.extra });
        expect(names.map(normaliseToolName)).not.toContain(normaliseToolName(denied));
      }),
      { numRuns: 500 },
    );
  });

  it("adding a deny entry never adds tools", () => {
    assertProperty(
      fc.property(tools, config, context, entry, place, (given, config, extra, denied, where) => {
        const before = resolveToolNames(given, { config, ...extra }).names;
        const changed = withDeny({ config, extra }, where, denied);
        const after = resolveToolNames(given, { config: changed.config, ...changed.extra }).names;
        expect(isSubsequence(after, before)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
