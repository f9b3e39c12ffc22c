import { describe, expect, it } from "vitest";
import type { ConfigKey, ConfigNode } from "../../src/config/config-node.js";
import { openClawConfigKeys } from "../../src/config/openclaw-config-schema.js";
import { resolveOpenClawConfig } from "../../src/config/resolve-openclaw-config.js";

type Leaf = { path: string; node: ConfigNode; reachable: boolean };

/** Every leaf of the key tree; `reachable` when no map or list lies on its path (so `{}` resolves it). */
function leaves(key: ConfigKey, path: string, reachable: boolean): Leaf[] {
  const { node } = key;
  if (node.kind === "section") {
    return Object.entries(node.keys).flatMap(([name, child]) =>
      leaves(child, path === "" ? name : `${path}.${name}`, reachable),
    );
  }
  if (node.kind === "map") {
    return [
      ...leaves(node.entry, `${path}.<name>`, false),
      ...Object.entries(node.known).flatMap(([name, child]) => leaves(child, `${path}.<${name}>`, false)),
    ];
  }
  if (node.kind === "list" && node.item.node.kind !== "value") {
    return [{ path, node, reachable }, ...leaves(node.item, `${path}[]`, false)];
  }
  return [{ path, node, reachable }];
}

function valueAt(value: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((current, key) => (current as Record<string, unknown> | undefined)?.[key], value);
}

const all = leaves(openClawConfigKeys, "", true);

describe("the openclaw.json schema", () => {
  it("has more than 200 leaves", () => {
    expect(all.length).toBeGreaterThan(200);
  });

  it("every leaf has a default or is documented as optional (what its absence means)", () => {
    const undocumented = all
      .filter(({ node }) => node.kind !== "section" && node.kind !== "map")
      .filter(({ node }) => {
        const hasDefault = "default" in node && node.default !== undefined;
        const optional = "optional" in node ? (node.optional ?? "").trim() : "";
        return hasDefault === (optional !== "");
      })
      .map(({ path }) => path);
    expect(undocumented).toEqual([]);
  });

  it("every default is what resolving an empty config gives, and optional leaves resolve to undefined", () => {
    const resolved = resolveOpenClawConfig({});
    const mismatches = all
      .filter((leaf) => leaf.reachable && leaf.node.kind !== "free")
      .filter(({ path, node }) => {
        const expected = "default" in node ? node.default : undefined;
        return JSON.stringify(valueAt(resolved, path)) !== JSON.stringify(expected);
      })
      .map(({ path }) => path);
    expect(mismatches).toEqual([]);
  });

  it("every value leaf says what a valid value is and what happens to an invalid one", () => {
    const vague = all
      .filter(({ node }) => node.kind === "value")
      .filter(({ node }) => node.kind === "value" && (node.check.expected === "" || node.check.fallback === ""))
      .map(({ path }) => path);
    expect(vague).toEqual([]);
  });
});
