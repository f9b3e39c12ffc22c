import { formatFieldPath } from "../domain/format-field-path.js";
import { asRecord } from "../domain/is-record.js";
import type { ConfigIssue } from "./config-issue.js";

type Segments = readonly (string | number)[];

interface Scope {
  at: Segments;
  value: unknown;
}

const entriesOf = (value: unknown): [string, unknown][] => Object.entries(asRecord(value) ?? {});

const isNonEmptyList = (value: unknown): boolean => Array.isArray(value) && value.length > 0;

/** Every tool-policy scope of a config: global, per provider, sub-agent, sandbox, per agent and per group. */
function policyScopes(config: Record<string, unknown>): Scope[] {
  const tools = asRecord(config.tools);
  const scopes: Scope[] = [{ at: ["tools"], value: tools }];
  for (const [key, value] of entriesOf(tools?.byProvider)) scopes.push({ at: ["tools", "byProvider", key], value });
  scopes.push({ at: ["tools", "subagents", "tools"], value: asRecord(tools?.subagents)?.tools });
  scopes.push({ at: ["tools", "sandbox", "tools"], value: asRecord(tools?.sandbox)?.tools });
  const list = asRecord(config.agents)?.list;
  (Array.isArray(list) ? list : []).forEach((agent, index) => {
    const agentTools = asRecord(agent)?.tools;
    scopes.push({ at: ["agents", "list", index, "tools"], value: agentTools });
    for (const [key, value] of entriesOf(asRecord(agentTools)?.byProvider)) {
      scopes.push({ at: ["agents", "list", index, "tools", "byProvider", key], value });
    }
  });
  for (const [channel, settings] of entriesOf(config.channels)) {
    for (const [group, groupSettings] of entriesOf(asRecord(settings)?.groups)) {
      scopes.push({ at: ["channels", channel, "groups", group, "tools"], value: asRecord(groupSettings)?.tools });
    }
  }
  return scopes;
}

/**
 * Configuration errors of spec/loop.md §7.2: one scope that sets both a non-empty `allow` and a
 * non-empty `alsoAllow`. Each error names the scope and points at its `alsoAllow` key.
 */
export function configPolicyConflicts(config: Record<string, unknown>): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const { at, value } of policyScopes(config)) {
    const scope = asRecord(value);
    if (scope === undefined || !isNonEmptyList(scope.allow) || !isNonEmptyList(scope.alsoAllow)) continue;
    const name = formatFieldPath(at);
    const segments = [...at, "alsoAllow"];
    issues.push({
      path: formatFieldPath(segments),
      segments,
      target: "key",
      severity: "error",
      expected: `either allow or alsoAllow in ${name}, not both (alsoAllow adds to a profile; allow replaces it)`,
      found: `both ${name}.allow and ${name}.alsoAllow`,
    });
  }
  return issues;
}
