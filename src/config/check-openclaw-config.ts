import { formatFieldPath } from "../domain/format-field-path.js";
import { asRecord } from "../domain/is-record.js";
import { setOwnProperty } from "../domain/set-own-property.js";
import { configDescribeValue } from "./config-describe-value.js";
import type { ConfigIssue } from "./config-issue.js";
import type { ConfigNode, ConfigNodeKind } from "./config-node.js";
import { configPolicyConflicts } from "./config-policy-conflicts.js";
import { configSuggestKey } from "./config-suggest-key.js";
import { type OpenClawConfigInput, openClawConfigKeys } from "./openclaw-config-schema.js";

export interface CheckOpenClawConfigResult {
  /** The config with invalid values removed (so readers apply the spec's fallbacks) and unknown keys kept. */
  config: OpenClawConfigInput;
  /** Warnings (unknown keys, invalid values) and errors (loop.md §7.2 policy conflicts), in document order. */
  issues: ConfigIssue[];
}

type Segments = readonly (string | number)[];
const DROP = Symbol("drop");
type Checked = unknown | typeof DROP;
type Handler<K extends ConfigNodeKind> = (
  node: Extract<ConfigNode, { kind: K }>,
  value: unknown,
  at: Segments,
  issues: ConfigIssue[],
) => Checked;

/**
 * Checks an openclaw.json-shaped value against every key of the schema. Unknown keys where the
 * key set is known are warnings with a "did you mean" suggestion; invalid values are warnings
 * that say which fallback applies (an invalid value is dropped unless the spec gives it a
 * meaning of its own); both `allow` and `alsoAllow` in one tool-policy scope is an error.
 * `undefined` is an empty config. Pure; never throws.
 */
export function checkOpenClawConfig(config: unknown): CheckOpenClawConfigResult {
  if (config === undefined) return { config: {}, issues: [] };
  const issues: ConfigIssue[] = [];
  const checked = checkNode(openClawConfigKeys.node, config, [], issues);
  const root = checked === DROP ? {} : (checked as Record<string, unknown>);
  issues.push(...configPolicyConflicts(root));
  return { config: root as OpenClawConfigInput, issues };
}

const HANDLERS: { [K in ConfigNodeKind]: Handler<K> } = {
  section: (node, value, at, issues) => {
    const record = asRecord(value);
    if (record === undefined) return invalid(issues, at, value, "a mapping (the value is ignored)");
    const known = Object.keys(node.keys);
    return rebuild(record, (key, child) => {
      const childKey = Object.hasOwn(node.keys, key) ? node.keys[key] : undefined;
      if (childKey !== undefined) return checkNode(childKey.node, child, [...at, key], issues);
      if (!node.open) issues.push(unknownKey([...at, key], known));
      return child;
    });
  },
  map: (node, value, at, issues) => {
    const record = asRecord(value);
    if (record === undefined) return invalid(issues, at, value, "a mapping (the value is ignored)");
    return rebuild(record, (key, child) => {
      const childKey = (Object.hasOwn(node.known, key) ? node.known[key] : undefined) ?? node.entry;
      return checkNode(childKey.node, child, [...at, key], issues);
    });
  },
  list: (node, value, at, issues) => {
    if (!Array.isArray(value)) return invalid(issues, at, value, "a list (the value is ignored)");
    return value
      .map((item, index) => checkNode(node.item.node, item, [...at, index], issues))
      .filter((item) => item !== DROP);
  },
  value: (node, value, at, issues) => {
    const { check } = node;
    if (check.accepts(value)) return value;
    const suggestion =
      typeof value === "string" && check.choices !== undefined ? configSuggestKey(value, check.choices) : undefined;
    const dropped = invalid(issues, at, value, `${check.expected} (${check.fallback})`, suggestion);
    return check.keep === true ? value : dropped;
  },
  free: (_node, value) => value,
};

function checkNode(node: ConfigNode, value: unknown, at: Segments, issues: ConfigIssue[]): Checked {
  const handler = HANDLERS[node.kind] as Handler<ConfigNodeKind>;
  return handler(node, value, at, issues);
}

function rebuild(record: Record<string, unknown>, check: (key: string, value: unknown) => Checked) {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const checked = check(key, value);
    if (checked !== DROP) setOwnProperty(result, key, checked);
  }
  return result;
}

function invalid(issues: ConfigIssue[], at: Segments, value: unknown, expected: string, suggestion?: string) {
  issues.push({
    path: formatFieldPath(at),
    segments: at,
    target: "value",
    severity: "warning",
    expected,
    found: configDescribeValue(value),
    ...(suggestion === undefined ? {} : { suggestion }),
  });
  return DROP;
}

function unknownKey(at: Segments, known: readonly string[]): ConfigIssue {
  const key = String(at[at.length - 1]);
  const parent = formatFieldPath(at.slice(0, -1));
  const suggestion = configSuggestKey(key, known);
  return {
    path: formatFieldPath(at),
    segments: at,
    target: "key",
    severity: "warning",
    expected: `${parent === "" ? "a top-level openclaw.json key" : `a known ${parent} key`} (unknown keys are ignored)`,
    found: `key ${JSON.stringify(key)}`,
    ...(suggestion === undefined ? {} : { suggestion }),
  };
}
