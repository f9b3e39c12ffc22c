// Guards against eligibility that shrinks when a required bin or env var appears, enabled=false not excluding a skill, and always=true skipping the OS or allowBundled checks or failing to bypass requirements.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OpenClawConfigInput as OpenClawConfig } from "../../src/config/openclaw-config-schema.js";
import { checkSkillEligibility } from "../../src/skills/check-skill-eligibility.js";
import type { EligibilityEnv, SkillEntry, SkillMetadata } from "../../src/skills/skill-types.js";
import { assertProperty } from "../support/assert-property.js";

const BINS = ["git", "curl", "jq", "yq"];
const VARS = ["A_KEY", "B_KEY", "C_KEY"];
const PLATFORMS = ["linux", "darwin", "win32"];

const metadataArbitrary: fc.Arbitrary<SkillMetadata | undefined> = fc.option(
  fc.record(
    {
      always: fc.boolean(),
      skillKey: fc.constantFrom("k1", "k2"),
      primaryEnv: fc.constantFrom(...VARS),
      os: fc.subarray(PLATFORMS),
      requires: fc.record({
        bins: fc.subarray(BINS),
        anyBins: fc.subarray(BINS),
        env: fc.subarray(VARS),
        config: fc.subarray(["feature.on", "feature.off", "browser.enabled"]),
      }),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);

const caseArbitrary = fc.record({
  metadata: metadataArbitrary,
  bundled: fc.boolean(),
  platform: fc.constantFrom(...PLATFORMS),
  onPath: fc.subarray(BINS),
  env: fc.dictionary(fc.constantFrom(...VARS), fc.constantFrom("", "v")),
  entryConfig: fc.record(
    {
      enabled: fc.boolean(),
      env: fc.dictionary(fc.constantFrom(...VARS), fc.constantFrom("", "v")),
      apiKey: fc.constantFrom("", "k"),
    },
    { requiredKeys: [] },
  ),
  allowBundled: fc.option(fc.subarray(["s", "k1", "other"]), { nil: undefined }),
  addedBin: fc.constantFrom(...BINS),
  addedVar: fc.constantFrom(...VARS),
});

type Case = typeof caseArbitrary extends fc.Arbitrary<infer T> ? T : never;

function build(value: Case) {
  const skill = {
    name: "s",
    description: "d",
    filePath: "/w/skills/s/SKILL.md",
    baseDir: "/w/skills/s",
    source: value.bundled ? ("openclaw-bundled" as const) : ("openclaw-workspace" as const),
    disableModelInvocation: false,
  };
  const entry: SkillEntry = {
    skill,
    frontmatter: {},
    invocation: { userInvocable: true, disableModelInvocation: false },
    ...(value.metadata === undefined ? {} : { metadata: value.metadata }),
  };
  const key = value.metadata?.skillKey ?? "s";
  const config = {
    feature: { on: true, off: false },
    skills: {
      entries: { [key]: value.entryConfig },
      ...(value.allowBundled === undefined ? {} : { allowBundled: value.allowBundled }),
    },
  } as OpenClawConfig;
  const env = (onPath: readonly string[], vars: Record<string, string>): EligibilityEnv => ({
    platform: value.platform,
    env: vars,
    isOnPath: (bin) => onPath.includes(bin),
  });
  return { entry, key, config, env };
}

describe("checkSkillEligibility (properties)", () => {
  it("adding a required bin to PATH or setting a required env var never removes a skill", () => {
    assertProperty(
      fc.property(caseArbitrary, (value) => {
        const { entry, config, env } = build(value);
        const before = checkSkillEligibility(entry, config, env(value.onPath, value.env));
        if (!before.eligible) return;
        const withBin = checkSkillEligibility(entry, config, env([...value.onPath, value.addedBin], value.env));
        const withVar = checkSkillEligibility(
          entry,
          config,
          env(value.onPath, { ...value.env, [value.addedVar]: "set" }),
        );
        expect([withBin.eligible, withVar.eligible]).toEqual([true, true]);
      }),
      { numRuns: 400 },
    );
  });

  it("enabled=false under the skillKey always excludes with reason disabled", () => {
    assertProperty(
      fc.property(caseArbitrary, (value) => {
        const { entry, config, env } = build({ ...value, entryConfig: { ...value.entryConfig, enabled: false } });
        expect(checkSkillEligibility(entry, config, env(value.onPath, value.env))).toEqual({
          eligible: false,
          reason: "disabled",
        });
      }),
      { numRuns: 400 },
    );
  });

  it("always=true bypasses bins, anyBins, env and config but not OS", () => {
    assertProperty(
      fc.property(caseArbitrary, (value) => {
        const metadata: SkillMetadata = { ...value.metadata, always: true };
        const { entry, config, env } = build({ ...value, metadata });
        const result = checkSkillEligibility(entry, config, env([], {}));
        const { requires: _ignored, ...withoutRequires } = metadata;
        const bare = build({ ...value, metadata: withoutRequires });
        expect(result).toEqual(checkSkillEligibility(bare.entry, bare.config, bare.env([], {})));
        const osMismatch = (metadata.os ?? []).length > 0 && !(metadata.os ?? []).includes(value.platform);
        const allow = (value.allowBundled ?? []).filter((item) => item.trim() !== "");
        const notAllowed =
          value.bundled && allow.length > 0 && !allow.includes(metadata.skillKey ?? "s") && !allow.includes("s");
        const expected =
          value.entryConfig.enabled === false
            ? "disabled"
            : notAllowed
              ? "not-in-allowBundled"
              : osMismatch
                ? "os-mismatch"
                : undefined;
        expect(result).toEqual(expected === undefined ? { eligible: true } : { eligible: false, reason: expected });
      }),
      { numRuns: 400 },
    );
  });
});
