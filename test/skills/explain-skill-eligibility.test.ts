import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OpenClawConfigInput } from "../../src/config/openclaw-config-schema.js";
import {
  checkSkillEligibility,
  explainSkillEligibility,
  type MissingRequirements,
} from "../../src/skills/check-skill-eligibility.js";
import type { EligibilityEnv, SkillMetadata } from "../../src/skills/skill-types.js";
import { assertProperty } from "../support/assert-property.js";
import { makeEntry, makeSkill } from "./skill-fixtures.js";

const linux = (onPath: readonly string[] = [], env: Record<string, string> = {}): EligibilityEnv => ({
  platform: "linux",
  env,
  isOnPath: (bin) => onPath.includes(bin),
});

const requires = (lists: Partial<NonNullable<SkillMetadata["requires"]>>) => ({
  bins: [],
  anyBins: [],
  env: [],
  config: [],
  ...lists,
});

const none: MissingRequirements = { os: [], bins: [], anyBins: [], env: [], config: [] };

describe("explainSkillEligibility", () => {
  it("names every unmet requirement, not only the one that decided the reason", () => {
    const entry = makeEntry(makeSkill("polyclaw"), {
      metadata: {
        os: ["darwin", "linux"],
        requires: requires({
          bins: ["uv", "git"],
          anyBins: ["rg", "ag"],
          env: ["CHAIN_NODE", "SET_KEY"],
          config: ["feature.x", "browser.enabled"],
        }),
      },
    });
    const explained = explainSkillEligibility(entry, {}, linux(["git"], { SET_KEY: "v" }));
    expect(explained).toEqual({
      verdict: { eligible: false, reason: "missing-bins" },
      missing: { os: [], bins: ["uv"], anyBins: ["rg", "ag"], env: ["CHAIN_NODE"], config: ["feature.x"] },
    });
  });

  it("gives the accepted platforms for an OS mismatch, and nothing else for always=true skills", () => {
    const entry = makeEntry(makeSkill("mac"), {
      metadata: { os: ["darwin"], always: true, requires: requires({ bins: ["pbcopy"] }) },
    });
    expect(explainSkillEligibility(entry, {}, linux())).toEqual({
      verdict: { eligible: false, reason: "os-mismatch" },
      missing: { ...none, os: ["darwin"] },
    });
  });

  it("still reports what is missing when the skill is disabled; an empty anyBins misses nothing", () => {
    const entry = makeEntry(makeSkill("zed"), { metadata: { requires: requires({ bins: ["zz"] }) } });
    const config: OpenClawConfigInput = { skills: { entries: { zed: { enabled: false } } } };
    expect(explainSkillEligibility(entry, config, linux())).toEqual({
      verdict: { eligible: false, reason: "disabled" },
      missing: { ...none, bins: ["zz"] },
    });
    const plain = makeEntry(makeSkill("plain"));
    expect(explainSkillEligibility(plain, {}, linux())).toEqual({ verdict: { eligible: true }, missing: none });
  });

  it("is the one evaluation behind checkSkillEligibility: the verdict's reason is the first kind with something missing", () => {
    const BINS = ["a", "b", "c"];
    const VARS = ["X", "Y"];
    const metadata = fc.record(
      {
        os: fc.subarray(["linux", "darwin"]),
        always: fc.boolean(),
        requires: fc.record({
          bins: fc.subarray(BINS),
          anyBins: fc.subarray(BINS),
          env: fc.subarray(VARS),
          config: fc.subarray(["on", "off"]),
        }),
      },
      { requiredKeys: [] },
    );
    const kinds = [
      ["os", "os-mismatch"],
      ["bins", "missing-bins"],
      ["anyBins", "missing-any-bins"],
      ["env", "missing-env"],
      ["config", "missing-config"],
    ] as const;
    assertProperty(
      fc.property(
        metadata,
        fc.subarray(BINS),
        fc.subarray(VARS),
        fc.constantFrom("linux", "darwin"),
        (meta, onPath, set, platform) => {
          const entry = makeEntry(makeSkill("s"), { metadata: meta });
          const env: EligibilityEnv = {
            platform,
            env: Object.fromEntries(set.map((name) => [name, "v"])),
            isOnPath: (bin) => onPath.includes(bin),
          };
          const config = { on: true, off: false } as OpenClawConfigInput;
          const { verdict, missing } = explainSkillEligibility(entry, config, env);
          expect(checkSkillEligibility(entry, config, env)).toEqual(verdict);
          const first = kinds.find(([kind]) => missing[kind].length > 0);
          expect(verdict).toEqual(first === undefined ? { eligible: true } : { eligible: false, reason: first[1] });
          expect(missing.bins.every((bin) => !onPath.includes(bin))).toBe(true);
          expect(missing.env.every((name) => !set.includes(name))).toBe(true);
          expect(missing.os).toEqual((meta.os ?? []).length > 0 && !meta.os?.includes(platform) ? meta.os : []);
          if (meta.always === true)
            expect([missing.bins, missing.anyBins, missing.env, missing.config]).toEqual([[], [], [], []]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
