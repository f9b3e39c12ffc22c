import { scanTopLevelKeys, type TopLevelKeyLine } from "./scan-top-level-keys.js";

/**
 * The lenient reading of spec/skills.md §2.3: every top-level key (trimmed) maps to a string.
 * Strings are trimmed, numbers and booleans go through `String()`, maps and lists become JSON,
 * `null` is dropped. A map or list whose key line carries an inline value containing `:`
 * (one-line JSON such as `metadata: {"openclaw":{…}}`) keeps that raw inline text instead.
 * Pure; never throws.
 */
export function buildLenientFrontmatter(values: Record<string, unknown>, yaml: string): Record<string, string> {
  const entries: [string, string][] = [];
  let keyLines: Map<string, TopLevelKeyLine> | undefined;
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    if (typeof value === "string") {
      entries.push([key.trim(), value.trim()]);
    } else if (typeof value === "object") {
      keyLines ??= scanTopLevelKeys(yaml);
      const inline = keyLines.get(key)?.inline ?? "";
      const text = inline.includes(":") ? inline : stringifyCollection(value);
      if (text !== undefined) entries.push([key.trim(), text]);
    } else {
      entries.push([key.trim(), String(value)]);
    }
  }
  return Object.fromEntries(entries);
}

function stringifyCollection(value: object): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    // Only a self-referencing YAML alias (`a: &x [*x]`) gets here; like null, such a key is dropped.
    return undefined;
  }
}
