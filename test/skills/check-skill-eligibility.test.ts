import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { OpenClawConfigInput as OpenClawConfig } from "../../src/config/openclaw-config-schema.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";
import { checkSkillEligibility } from "../../src/skills/check-skill-eligibility.js";
import { loadEligibilityEnv } from "../../src/skills/load-eligibility-env.js";
import { parseSkillFile } from "../../src/skills/parse-skill-file.js";
import type { EligibilityEnv, RemoteEligibility, SkillEntry, SkillSource } from "../../src/skills/skill-types.js";
import { makeExecutable } from "./discover-test-tree.js";

/** An entry parsed from real frontmatter; `manifest` is the `openclaw` object as JSON (or raw `metadata` text). */
function entry(name: string, manifest?: object | string, source: SkillSource = "openclaw-workspace"): SkillEntry {
  const metadata =
    manifest === undefined
      ? ""
      : `metadata: ${typeof manifest === "string" ? manifest : JSON.stringify({ openclaw: manifest })}\n`;
  const text = `---\nname: ${name}\ndescription: d\n${metadata}---\n`;
  const parsed = parseSkillFile(text, `/w/skills/${name}/SKILL.md`, name, { source });
  if (!parsed.skill || !parsed.entry)
    throw new Error(`fixture ${name} did not parse: ${JSON.stringify(parsed.diagnostics)}`);
  return { ...parsed.entry, skill: parsed.skill };
}

const CONFIG: OpenClawConfig = {
  feature: { x: "on", zero: 0, obj: {} },
  browser: {},
  skills: {
    entries: {
      disabled: { enabled: false },
      "env-cfg": { env: { BAR_KEY: "v" } },
      "env-apikey": { apiKey: "k" },
      "env-apikey-wrong": { apiKey: "k" },
      kk: { enabled: false },
      keyed2: { enabled: false },
    },
  },
} as OpenClawConfig;

/** §6.1's host: platform linux, `PATH=/b` with executable curl and non-executable notexec. */
async function exampleEnv(entries: readonly SkillEntry[]): Promise<EligibilityEnv> {
  const bin = join(createTestRuntime().root, "b");
  makeExecutable(join(bin, "curl"));
  writeFileSync(join(bin, "notexec"), "#!/bin/sh\n");
  const rt = createTestRuntime({ env: { PATH: bin, FOO_KEY: "1", EMPTY_KEY: "" } });
  return loadEligibilityEnv(rt, entries);
}

const EXAMPLES: [SkillEntry, string][] = [
  [entry("needs-curl", { requires: { bins: ["curl"] } }), "eligible"],
  [entry("needs-jq", { requires: { bins: ["curl", "jq"] } }), "missing-bins"],
  [entry("notexec", { requires: { bins: ["notexec"] } }), "missing-bins"],
  [entry("any", { requires: { anyBins: ["jq", "curl"] } }), "eligible"],
  [entry("anynone", { requires: { anyBins: ["jq", "yq"] } }), "missing-any-bins"],
  [entry("mac-only", { os: ["darwin"] }), "os-mismatch"],
  [entry("mac-always", { always: true, os: ["darwin"] }), "os-mismatch"],
  [entry("linux-csv", { os: "darwin, linux" }), "eligible"],
  [entry("always-missing", { always: true, requires: { bins: ["nope"], env: ["NOPE"] } }), "eligible"],
  [entry("always-str", { always: "true", requires: { bins: ["nope"] } }), "missing-bins"],
  [entry("env-proc", { requires: { env: ["FOO_KEY"] } }), "eligible"],
  [entry("env-empty", { requires: { env: ["EMPTY_KEY"] } }), "missing-env"],
  [entry("env-cfg", { requires: { env: ["BAR_KEY"] } }), "eligible"],
  [entry("env-apikey", { primaryEnv: "GEM_KEY", requires: { env: ["GEM_KEY"] } }), "eligible"],
  [entry("env-apikey-wrong", { primaryEnv: "OTHER", requires: { env: ["GEM_KEY"] } }), "missing-env"],
  [entry("cfg-browser", { requires: { config: ["browser.enabled"] } }), "eligible"],
  [entry("cfg-x", { requires: { config: ["feature.x"] } }), "eligible"],
  [entry("cfg-zero", { requires: { config: ["feature.zero"] } }), "missing-config"],
  [entry("cfg-emptyobj", { requires: { config: ["feature.obj"] } }), "eligible"],
  [entry("disabled"), "disabled"],
  [entry("keyed", { skillKey: "kk" }), "disabled"],
  [entry("keyed2", { skillKey: "kk2" }), "eligible"],
  [entry("j5", `'{"openclaw":{"requires":{"bins":["nope"]'`), "eligible"],
  [entry("ctor", { requires: { config: ["constructor", "..feature..x"] } }), "eligible"],
];

function verdict(result: { eligible: boolean; reason?: string }): string {
  return result.eligible ? "eligible" : (result.reason ?? "no reason");
}

describe("checkSkillEligibility (spec/skills.md §6.1)", () => {
  it.each(EXAMPLES.map(([skill, expected]) => [skill.skill.name, skill, expected] as const))(
    "%s → %s",
    async (_name, skill, expected) => {
      const env = await exampleEnv([skill]);
      expect(verdict(checkSkillEligibility(skill, CONFIG, env))).toBe(expected);
    },
  );

  it("j5 really has no manifest", () => {
    expect(EXAMPLES.find(([skill]) => skill.skill.name === "j5")?.[0].metadata).toBeUndefined();
  });

  it("restricts only bundled skills to a non-blank allowBundled list", async () => {
    const skills = [
      entry("weather", {}, "openclaw-bundled"),
      entry("github", {}, "openclaw-bundled"),
      entry("managed1", undefined, "openclaw-managed"),
      entry("mine", undefined, "openclaw-workspace"),
    ];
    const env = await exampleEnv(skills);
    const eligibleWith = (allowBundled: string[]) =>
      skills
        .filter((skill) => checkSkillEligibility(skill, { skills: { allowBundled } }, env).eligible)
        .map((s) => s.skill.name);
    expect(eligibleWith(["weather", " ", ""])).toEqual(["weather", "managed1", "mine"]);
    expect(checkSkillEligibility(skills[1]!, { skills: { allowBundled: ["weather"] } }, env)).toEqual({
      eligible: false,
      reason: "not-in-allowBundled",
    });
    expect(eligibleWith([])).toEqual(["weather", "github", "managed1", "mine"]);
    const overriding = entry("github", undefined, "openclaw-workspace");
    expect(checkSkillEligibility(overriding, { skills: { allowBundled: ["weather"] } }, env).eligible).toBe(true);
    const keyed = entry("renamed", { skillKey: "weather" }, "openclaw-bundled");
    expect(checkSkillEligibility(keyed, { skills: { allowBundled: ["weather"] } }, env).eligible).toBe(true);
  });

  it("lets a connected remote node satisfy os, bins and anyBins", () => {
    const remote: RemoteEligibility = {
      platforms: ["darwin"],
      hasBin: (bin) => bin === "brew",
      hasAnyBin: (bins) => bins.includes("brew"),
    };
    const local: EligibilityEnv = { platform: "linux", env: {}, isOnPath: () => false };
    const mac = entry("mac", { os: ["darwin"], requires: { bins: ["brew"], anyBins: ["brew", "port"] } });
    expect(checkSkillEligibility(mac, {}, local, remote)).toEqual({ eligible: true });
    expect(checkSkillEligibility(mac, {}, local)).toEqual({ eligible: false, reason: "os-mismatch" });
    const win = entry("win", { os: ["win32"] });
    expect(checkSkillEligibility(win, {}, local, remote)).toEqual({ eligible: false, reason: "os-mismatch" });
  });

  it("reads config env values and secret-ref apiKeys as truthy", () => {
    const local: EligibilityEnv = { platform: "linux", env: {}, isOnPath: () => false };
    const skill = entry("s", { primaryEnv: "TOKEN_X", requires: { env: ["TOKEN_X"] } });
    const withRef = { skills: { entries: { s: { apiKey: { source: "env", id: "X" } } } } };
    expect(checkSkillEligibility(skill, withRef, local).eligible).toBe(true);
    const blank = { skills: { entries: { s: { apiKey: "", env: { TOKEN_X: "" } } } } };
    expect(checkSkillEligibility(skill, blank, local)).toEqual({ eligible: false, reason: "missing-env" });
  });

  it("does not count inherited object members as entry env values", () => {
    const local: EligibilityEnv = { platform: "linux", env: {}, isOnPath: () => false };
    const config = { skills: { entries: { s: { enabled: true } } } };
    for (const name of ["toString", "constructor", "hasOwnProperty", "__proto__"]) {
      const skill = entry("s", { requires: { env: [name] } });
      expect(checkSkillEligibility(skill, config, local), name).toEqual({ eligible: false, reason: "missing-env" });
    }
  });
});
