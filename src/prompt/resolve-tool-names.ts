import type { OpenClawConfig, OpenClawConfigInput } from "../config/openclaw-config-schema.js";
import { findAgentEntry } from "../config/resolve-agent-config.js";
import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";
import { type ToolPolicyConfig, toolPolicyConfigKeys } from "../config/tool-config-keys.js";
import { compileStarGlob } from "../platform/compile-star-glob.js";
import {
  CORE_TOOL_NAMES,
  isToolGroupName,
  normaliseToolName,
  OWNER_ONLY_TOOLS,
  SANDBOX_DEFAULT_ALLOW,
  SANDBOX_DEFAULT_DENY,
  SUBAGENT_DENIED_TOOLS,
  SUBAGENT_LEAF_DENIED_TOOLS,
  TOOL_GROUPS,
  TOOL_PROFILE_IDS,
  TOOL_PROFILES,
} from "./tool-catalog.js";

/** A tool the run offers. `pluginId` marks a plugin tool; `ownerOnly` flags a tool as owner-only. */
export interface ToolEntry {
  name: string;
  pluginId?: string;
  ownerOnly?: boolean;
}

export interface ResolveToolNamesContext {
  /** openclaw.json as written; resolved through the config schema (malformed values count as absent). */
  config: OpenClawConfigInput | Readonly<Record<string, unknown>>;
  /** Agent whose `agents.list[]` entry applies; default: the entry with `default: true`, else the first. */
  agentId?: string;
  /** Model provider, e.g. `anthropic`, for `tools.byProvider`. */
  provider?: string;
  /** Model id, `claude-x` or `anthropic/claude-x`; `<provider>/<model>` keys win over `<provider>` keys. */
  modelId?: string;
  /** Default `true`: the scenario channel's only sender is its owner. */
  senderIsOwner?: boolean;
  /** Applies the sandbox policy (loop.md §7.5). Default `false`. */
  sandboxed?: boolean;
  /** Depth of a sub-agent session (1 = child of a main session); `undefined` = not a sub-agent. */
  subagentDepth?: number;
  /** The group/channel policy of a group session (`channels.<ch>.groups.<id>.tools`), if any. */
  groupPolicy?: ToolPolicyConfig | Readonly<Record<string, unknown>>;
}

export interface ResolveToolNamesResult {
  /** Names of the surviving tools as given, in input order. */
  names: string[];
  /** One line per allow list with unknown entries (`tools: <layer> allowlist contains unknown entries (...)`). */
  warnings: string[];
}

interface Policy {
  allow?: readonly string[] | undefined;
  deny?: readonly string[] | undefined;
}

/** One resolved scope: lists are unset when the scope sets none. */
interface Scope {
  allow?: readonly string[] | undefined;
  alsoAllow?: readonly string[] | undefined;
  deny?: readonly string[] | undefined;
}

interface Candidate {
  name: string;
  key: string;
  pluginId?: string;
  ownerOnly: boolean;
}

interface PluginIndex {
  all: string[];
  byPlugin: Map<string, string[]>;
}

type Matcher = (key: string) => boolean;

/**
 * The tools that survive owner-only removal and every policy layer of spec/loop.md §7.3 in
 * order (profile + alsoAllow, provider profile, global, provider, agent, agent provider, group,
 * sandbox, sub-agent). Matching follows §7.2: names trimmed, lower-cased and aliased, groups
 * expanded, `*` globs; deny wins; an empty allow list allows everything; an allow list matching
 * `exec` also allows `apply_patch`; an allow list with no core entry is ignored (with a warning
 * when it names unknown entries). Pure; the result is a subsequence of `tools`.
 */
export function resolveToolNames(
  tools: readonly (string | ToolEntry)[],
  context: ResolveToolNamesContext,
): ResolveToolNamesResult {
  const candidates = tools.map(toCandidate);
  const plugins = indexPlugins(candidates);
  const coreNames = [...CORE_TOOL_NAMES, ...candidates.filter((tool) => tool.pluginId === undefined).map((t) => t.key)];
  const ownerOnly = new Set(OWNER_ONLY_TOOLS);
  let kept =
    context.senderIsOwner === false
      ? candidates.filter((tool) => !tool.ownerOnly && !ownerOnly.has(tool.key))
      : candidates;
  const warnings: string[] = [];
  for (const layer of policyLayers(context)) {
    if (layer.policy === undefined) continue;
    const policy = withoutPluginOnlyAllow(layer.label, layer.policy, { plugins, coreNames, warnings });
    const allowed = compilePolicy(policy, plugins);
    kept = kept.filter((tool) => allowed(tool.key));
  }
  return { names: kept.map((tool) => tool.name), warnings };
}

function toCandidate(tool: string | ToolEntry): Candidate {
  if (typeof tool === "string") return { name: tool, key: normaliseToolName(tool), ownerOnly: false };
  const pluginId = tool.pluginId?.trim().toLowerCase();
  return {
    name: tool.name,
    key: normaliseToolName(tool.name),
    ownerOnly: tool.ownerOnly === true,
    ...(pluginId === undefined || pluginId === "" ? {} : { pluginId }),
  };
}

function indexPlugins(candidates: readonly Candidate[]): PluginIndex {
  const index: PluginIndex = { all: [], byPlugin: new Map() };
  for (const tool of candidates) {
    if (tool.pluginId === undefined) continue;
    index.all.push(tool.key);
    index.byPlugin.set(tool.pluginId, [...(index.byPlugin.get(tool.pluginId) ?? []), tool.key]);
  }
  return index;
}

interface Layer {
  label: string;
  policy: Policy | undefined;
}

function policyLayers(context: ResolveToolNamesContext): Layer[] {
  const config = resolveOpenClawConfig(context.config);
  const tools = config.tools;
  const agent = findAgent(config, context.agentId);
  const agentTools = agent?.entry.tools;
  const agentLabel = `agents.${agent?.id ?? "?"}.tools`;
  const provider = pickByProvider(tools.byProvider, context);
  const agentProvider = pickByProvider(agentTools?.byProvider, context);
  const agentProfile = agentTools?.profile;
  const profile = agentProfile ?? tools.profile;
  const profileAlso = agentTools?.alsoAllow ?? tools.alsoAllow;
  const providerProfile = agentProvider?.scope.profile ?? provider?.scope.profile;
  const providerAlso = agentProvider?.scope.alsoAllow ?? provider?.scope.alsoAllow;
  const depth = context.subagentDepth;
  return [
    {
      label: `${agentProfile === undefined ? "tools" : agentLabel}.profile (${profile})`,
      policy: profilePolicy(profile, profileAlso),
    },
    { label: `tools.byProvider.profile (${providerProfile})`, policy: profilePolicy(providerProfile, providerAlso) },
    { label: "tools.allow", policy: scopePolicy(tools) },
    { label: `tools.byProvider.${provider?.key}.allow`, policy: scopePolicy(provider?.scope) },
    { label: `${agentLabel}.allow`, policy: scopePolicy(agentTools) },
    { label: `${agentLabel}.byProvider.${agentProvider?.key}.allow`, policy: scopePolicy(agentProvider?.scope) },
    { label: "group tools.allow", policy: scopePolicy(toolPolicyConfigKeys.override.parse(context.groupPolicy)) },
    { label: "tools.sandbox.tools.allow", policy: context.sandboxed === true ? sandboxPolicy(tools) : undefined },
    {
      label: "tools.subagents.tools.allow",
      policy: depth !== undefined && depth > 0 ? subagentPolicy(config, depth) : undefined,
    },
  ];
}

function profilePolicy(profile: string | undefined, alsoAllow: readonly string[] | undefined): Policy | undefined {
  const id = TOOL_PROFILE_IDS.find((candidate) => candidate === profile);
  const allow = id === undefined ? undefined : TOOL_PROFILES[id];
  return allow === undefined ? undefined : { allow: [...allow, ...(alsoAllow ?? [])] };
}

function scopePolicy(scope: Scope | undefined): Policy | undefined {
  if (scope === undefined) return undefined;
  const { allow, alsoAllow, deny } = scope;
  if (allow === undefined && alsoAllow === undefined && deny === undefined) return undefined;
  return { allow: mergeAlsoAllow(allow, alsoAllow), deny };
}

function mergeAlsoAllow(allow: readonly string[] | undefined, alsoAllow: readonly string[] | undefined) {
  if (alsoAllow === undefined || alsoAllow.length === 0) return allow;
  return allow !== undefined && allow.length > 0 ? [...allow, ...alsoAllow] : ["*", ...alsoAllow];
}

function sandboxPolicy(tools: OpenClawConfig["tools"]): Policy {
  const scope = tools.sandbox.tools;
  const deny = scope.deny ?? SANDBOX_DEFAULT_DENY;
  const allow = mergeAlsoAllow(scope.allow ?? SANDBOX_DEFAULT_ALLOW, scope.alsoAllow) ?? [];
  const imageListed = allow.some((entry) => normaliseToolName(entry) === "image");
  const imageDenied = matchesAny("image", compilePatterns(expandEntries(deny)));
  return { allow: allow.length > 0 && !imageListed && !imageDenied ? [...allow, "image"] : allow, deny };
}

function subagentPolicy(config: OpenClawConfig, depth: number) {
  const { maxSpawnDepth } = config.agents.defaults.subagents;
  const { allow, alsoAllow, deny } = config.tools.subagents.tools;
  const reEnabled = new Set(expandEntries([...(allow ?? []), ...(alsoAllow ?? [])]));
  const base =
    depth >= maxSpawnDepth ? [...SUBAGENT_DENIED_TOOLS, ...SUBAGENT_LEAF_DENIED_TOOLS] : SUBAGENT_DENIED_TOOLS;
  const finalAllow = allow !== undefined && allow.length > 0 ? [...allow, ...(alsoAllow ?? [])] : allow;
  return { allow: finalAllow, deny: [...base.filter((name) => !reEnabled.has(name)), ...(deny ?? [])] };
}

interface StripContext {
  plugins: PluginIndex;
  coreNames: readonly string[];
  warnings: string[];
}

/** An allow list naming no core tool would silently remove every core tool: drop it instead. */
function withoutPluginOnlyAllow(label: string, policy: Policy, context: StripContext): Policy {
  const entries = [...new Set((policy.allow ?? []).map(normaliseToolName).filter((entry) => entry !== ""))];
  if (entries.length === 0) return policy;
  let hasCore = false;
  const unknown: string[] = [];
  for (const entry of entries) {
    const core = entry === "*" || isCoreEntry(entry, context.coreNames);
    const plugin =
      entry === "group:plugins" ||
      context.plugins.byPlugin.has(entry) ||
      context.plugins.all.some((name) => compilePattern(entry)(name));
    if (core) hasCore = true;
    else if (!plugin) unknown.push(entry);
  }
  if (unknown.length > 0) {
    const outcome = hasCore
      ? "They match no tool unless a plugin provides them."
      : "The allowlist is ignored so core tools stay available; use alsoAllow to add plugin tools.";
    context.warnings.push(`tools: ${label} allowlist contains unknown entries (${unknown.join(", ")}). ${outcome}`);
  }
  return hasCore ? policy : { deny: policy.deny };
}

function isCoreEntry(entry: string, coreNames: readonly string[]): boolean {
  const patterns = compilePatterns(expandEntries([entry]));
  return coreNames.some((name) => matchesAny(name, patterns));
}

function compilePolicy(policy: Policy, plugins: PluginIndex): Matcher {
  const deny = compilePatterns(expandEntries(policy.deny ?? [], plugins));
  const allow = compilePatterns(expandEntries(policy.allow ?? [], plugins));
  return (key) => {
    if (matchesAny(key, deny)) return false;
    if (allow.length === 0 || matchesAny(key, allow)) return true;
    return key === "apply_patch" && matchesAny("exec", allow);
  };
}

/** Normalised entries with core groups, `group:plugins` and plugin ids expanded to tool keys. */
function expandEntries(entries: readonly string[], plugins?: PluginIndex): string[] {
  const expanded: string[] = [];
  for (const raw of entries) {
    const entry = normaliseToolName(raw);
    const pluginTools = entry === "group:plugins" ? plugins?.all : plugins?.byPlugin.get(entry);
    if (entry === "") continue;
    if (pluginTools !== undefined && pluginTools.length > 0) expanded.push(...pluginTools);
    else if (isToolGroupName(entry) && entry !== "group:plugins") expanded.push(...TOOL_GROUPS[entry]);
    else expanded.push(entry);
  }
  return expanded;
}

function compilePatterns(entries: readonly string[]): Matcher[] {
  return entries.map(compilePattern);
}

function compilePattern(entry: string): Matcher {
  if (entry === "*") return () => true;
  if (!entry.includes("*")) return (key) => key === entry;
  const compiled = compileStarGlob({ glob: entry, ignoreCase: true });
  if (!compiled.ok) return () => false;
  const { regex } = compiled;
  return (key) => regex.test(key);
}

function matchesAny(key: string, matchers: readonly Matcher[]): boolean {
  return matchers.some((matches) => matches(key));
}

function findAgent(config: OpenClawConfig, agentId: string | undefined) {
  const { list } = config.agents;
  const entry =
    agentId === undefined ? (list.find((candidate) => candidate.default) ?? list[0]) : findAgentEntry(config, agentId);
  return entry === undefined ? undefined : { id: entry.id ?? agentId?.trim().toLowerCase() ?? "main", entry };
}

function pickByProvider<T>(byProvider: Readonly<Record<string, T>> | undefined, context: ResolveToolNamesContext) {
  if (byProvider === undefined) return undefined;
  const provider = context.provider?.trim().toLowerCase() || undefined;
  const model = context.modelId?.trim().toLowerCase() || undefined;
  const fullModel =
    model === undefined || model.includes("/") ? model : provider === undefined ? undefined : `${provider}/${model}`;
  for (const wanted of [fullModel, provider]) {
    if (wanted === undefined) continue;
    for (const [key, scope] of Object.entries(byProvider)) {
      if (key.trim().toLowerCase() === wanted) return { key, scope };
    }
  }
  return undefined;
}
