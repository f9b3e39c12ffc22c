import { describe, expect, it } from "vitest";
import type { OpenClawConfigInput } from "../../src/config/openclaw-config-schema.js";
import { resolveConfigSection } from "../../src/config/resolve-openclaw-config.js";
import { readSkillEntryConfig } from "../../src/skills/resolve-skill-key.js";

/** What the section says, resolved whole: the reference the per-key shortcut must match. */
function throughSection(config: unknown, key: string) {
  const { entries } = resolveConfigSection(config, "skills");
  return Object.hasOwn(entries, key) ? entries[key] : undefined;
}

const configs: Record<string, unknown> = {
  absent: undefined,
  "not a mapping": "skills",
  "skills a list": { skills: [{ entries: { a: { enabled: false } } }] },
  "entries a list": { skills: { entries: [{ enabled: false }] } },
  "entries a string": { skills: { entries: "a" } },
  "no entries": { skills: { allowBundled: ["a"] } },
  "other key": { skills: { entries: { b: { enabled: false } } } },
  "disabled a": { skills: { entries: { a: { enabled: false, env: { A_TOKEN: "x", BAD: 3 } } } } },
  "a not a mapping": { skills: { entries: { a: "off" } } },
  "a null": { skills: { entries: { a: null } } },
  "__proto__ written": JSON.parse('{"skills":{"entries":{"__proto__":{"enabled":false}}}}'),
  "inherited a": { skills: { entries: Object.create({ a: { enabled: false } }) } },
};

describe("readSkillEntryConfig", () => {
  it("equals resolving the whole skills section, for every shape of config and key", () => {
    for (const [name, config] of Object.entries(configs)) {
      for (const key of ["a", "b", "0", "__proto__", "toString"]) {
        expect({ name, key, entry: readSkillEntryConfig(config as OpenClawConfigInput, key) }).toStrictEqual({
          name,
          key,
          entry: throughSection(config, key),
        });
      }
    }
  });

  it("resolves a written entry through the schema (defaults applied, invalid values dropped)", () => {
    const config = { skills: { entries: { a: { env: { A_TOKEN: "x", BAD: 3 } } } } } as unknown as OpenClawConfigInput;
    expect(readSkillEntryConfig(config, "a")).toMatchObject({ enabled: true, env: { A_TOKEN: "x" } });
    expect(readSkillEntryConfig(config, "a")?.env).not.toHaveProperty("BAD");
  });
});
