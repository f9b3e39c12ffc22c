/**
 * One problem found in a config. `path` is the dotted key path (`agents.list[0].tools.allow`);
 * `segments` is the same path as keys and list indexes; `target` says whether the key itself
 * (unknown keys, conflicting keys) or its value is at fault.
 */
export interface ConfigIssue {
  path: string;
  segments: readonly (string | number)[];
  target: "key" | "value";
  severity: "warning" | "error";
  expected: string;
  found: string;
  suggestion?: string;
}
