// Guards against drift between the config check and resolution (a value the check accepts but the
// readers replace, or the reverse) and against resolution throwing on malformed input.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkOpenClawConfig } from "../../src/config/check-openclaw-config.js";
import type { ConfigKey, ConfigNode } from "../../src/config/config-node.js";
import { openClawConfigKeys } from "../../src/config/openclaw-config-schema.js";
import { resolveOpenClawConfig } from "../../src/config/resolve-openclaw-config.js";
import { assertProperty } from "../support/assert-property.js";

type Segment = string | "[]";

type Place = { path: Segment[]; node: ConfigNode };

/** Every place of the key tree (sections, lists and leaves); map keys become a few sample names. */
function paths(key: ConfigKey, at: Segment[], into: Place[]): Place[] {
  const { node } = key;
  into.push({ path: at, node });
  if (node.kind === "section") {
    for (const [name, child] of Object.entries(node.keys)) paths(child, [...at, name], into);
  } else if (node.kind === "map") {
    for (const name of ["x", "defaults"]) paths(node.entry, [...at, name], into);
    for (const [name, child] of Object.entries(node.known)) paths(child, [...at, name], into);
  } else if (node.kind === "list") {
    paths(node.item, [...at, "[]"], into);
  }
  return into;
}

function place(root: Record<string, unknown>, segments: readonly Segment[], value: unknown): void {
  let current: unknown = root;
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    const next = last ? value : segments[index + 1] === "[]" ? [] : {};
    if (Array.isArray(current)) {
      if (segment !== "[]") return;
      if (last || current.length === 0 || typeof current[0] !== "object" || current[0] === null) current[0] = next;
      current = current[0];
    } else if (typeof current === "object" && current !== null && segment !== "[]") {
      const record = current as Record<string, unknown>;
      const existing = Object.hasOwn(record, segment) ? record[segment] : undefined;
      if (last || typeof existing !== "object" || existing === null) {
        Object.defineProperty(record, segment, { value: next, enumerable: true, writable: true, configurable: true });
      }
      current = record[segment];
    }
  });
}

const places = paths(openClawConfigKeys, [], []).filter((place) => place.path.length > 0);
const AWKWARD: readonly unknown[] = [
  "30m",
  " 08:00",
  "24:00",
  "  ",
  "",
  " UTC ",
  "Mars/Base",
  "soon",
  0,
  -1,
  0.5,
  1e9,
  true,
  null,
];
const generic = fc.oneof(fc.constantFrom(...AWKWARD), fc.string({ maxLength: 6 }));
/** Values near what a place accepts: its default and choices, padded, negated, as text, or of another type. */
function near(node: ConfigNode) {
  const seeds: unknown[] = [];
  if (node.kind === "value") {
    if (node.default !== undefined)
      seeds.push(node.default, String(node.default), -Number(node.default), Number(node.default) + 0.5);
    for (const choice of node.check.choices ?? []) seeds.push(choice, ` ${choice} `, choice.toUpperCase());
  }
  const own = seeds.length === 0 ? generic : fc.constantFrom(...seeds);
  return fc.oneof(
    { weight: 4, arbitrary: own },
    { weight: 2, arbitrary: generic },
    fc.array(fc.oneof(own, generic), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("x", "__proto__", "allow", "enabled"), generic, { maxKeys: 2 }),
  );
}
const entry = fc
  .constantFrom(...places)
  .chain((place) => near(place.node).map((written) => [place.path, written] as const));
const config = fc.array(entry, { maxLength: 12 }).map((entries) => {
  const root: Record<string, unknown> = {};
  for (const [path, written] of entries) place(root, path, written);
  return root;
});

describe("resolveOpenClawConfig properties", () => {
  it("for every key and a set of awkward values, resolving the checked config equals resolving the config as written", () => {
    const drifts: string[] = [];
    for (const { path, node } of places.filter((place) => place.node.kind === "value" || place.node.kind === "list")) {
      for (const written of [...AWKWARD, ...fc.sample(near(node), { numRuns: 12, seed: 1 })]) {
        const root: Record<string, unknown> = {};
        place(root, path, written);
        const checked = checkOpenClawConfig(root).config;
        if (JSON.stringify(resolveOpenClawConfig(checked)) !== JSON.stringify(resolveOpenClawConfig(root))) {
          drifts.push(`${path.join(".")} = ${JSON.stringify(written)}`);
        }
      }
    }
    expect(drifts).toEqual([]);
  });

  it("never throws, and resolving the checked config equals resolving the config as written", () => {
    assertProperty(
      fc.property(config, (written) => {
        const checked = checkOpenClawConfig(written).config;
        expect(resolveOpenClawConfig(checked)).toEqual(resolveOpenClawConfig(written));
      }),
      { numRuns: 500 },
    );
  });

  it("resolution is deterministic, and a result shared between callers cannot be changed by one of them", () => {
    assertProperty(
      fc.property(config, (written) => {
        const first = resolveOpenClawConfig(written);
        const second = resolveOpenClawConfig(structuredClone(written));
        expect(second).toEqual(first);
        const shared = resolveOpenClawConfig(written);
        expect(() => {
          shared.agents.defaults.heartbeat.every = 60_000;
        }).toThrow(TypeError);
        expect(() => {
          (shared.tools.exec.safeBins as string[]).push("rm");
        }).toThrow(TypeError);
        expect(resolveOpenClawConfig(written)).toEqual(first);
      }),
    );
  });
});
