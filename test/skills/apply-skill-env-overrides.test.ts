import { describe, expect, it } from "vitest";
import {
  applySkillEnvOverrides,
  skillEnvTargetsFromEntries,
  skillEnvTargetsFromSnapshot,
} from "../../src/skills/apply-skill-env-overrides.js";
import type { SkillEntry } from "../../src/skills/skill-types.js";

describe("applySkillEnvOverrides (spec/skills.md §13)", () => {
  it("adds configured env pairs and the apiKey for primaryEnv when unset", () => {
    const result = applySkillEnvOverrides({
      config: {
        skills: {
          entries: {
            gem: { env: { REGION: "eu", " ": "x", EMPTY: "", SET_ALREADY: "new", BLANK_SET: "filled" }, apiKey: "k1" },
          },
        },
      },
      env: { SET_ALREADY: "old", BLANK_SET: "" },
      skills: [{ key: "gem", primaryEnv: "GEMINI_API_KEY" }],
    });
    expect(result).toEqual({ env: { REGION: "eu", BLANK_SET: "filled", GEMINI_API_KEY: "k1" }, refused: [] });
  });

  it("refuses dangerous host variables, undeclared credentials and NUL values", () => {
    const result = applySkillEnvOverrides({
      config: {
        skills: {
          entries: {
            s: {
              env: {
                OPENSSL_CONF: "/x",
                NODE_OPTIONS: "--require x",
                LD_PRELOAD: "/x.so",
                DYLD_INSERT_LIBRARIES: "/x",
                OTHER_TOKEN: "t",
                DECLARED_TOKEN: "t",
                MY_API_KEY: "k",
                AWS_SECRET_ACCESS_KEY: "k",
                WITH_NUL: "a\0b",
                FINE: "ok",
              },
            },
          },
        },
      },
      env: {},
      skills: [{ key: "s", primaryEnv: "MY_API_KEY", requiredEnv: ["DECLARED_TOKEN"] }],
    });
    expect(result.env).toEqual({ DECLARED_TOKEN: "t", MY_API_KEY: "k", FINE: "ok" });
    expect(result.refused).toEqual([
      { skill: "s", key: "OPENSSL_CONF", reason: "dangerous" },
      { skill: "s", key: "NODE_OPTIONS", reason: "dangerous" },
      { skill: "s", key: "LD_PRELOAD", reason: "dangerous" },
      { skill: "s", key: "DYLD_INSERT_LIBRARIES", reason: "dangerous" },
      { skill: "s", key: "OTHER_TOKEN", reason: "credential" },
      { skill: "s", key: "AWS_SECRET_ACCESS_KEY", reason: "credential" },
      { skill: "s", key: "WITH_NUL", reason: "nul" },
    ]);
  });

  it("lets the first skill claim a variable and skips apiKey when primaryEnv is pending", () => {
    const result = applySkillEnvOverrides({
      config: {
        skills: {
          entries: { a: { env: { SHARED: "a", KEY_X: "from-env" } }, b: { env: { SHARED: "b" }, apiKey: "k" } },
        },
      },
      env: {},
      skills: [
        { key: "a", requiredEnv: ["KEY_X"] },
        { key: "b", primaryEnv: "KEY_X" },
      ],
    });
    expect(result.env).toEqual({ SHARED: "a", KEY_X: "from-env" });
  });

  it("resolves secret references only through resolveSecret", () => {
    const options = {
      config: { skills: { entries: { s: { apiKey: { source: "env", id: "VAULT" } } } } },
      env: {},
      skills: [{ key: "s", primaryEnv: "S_API_KEY" }],
    };
    expect(applySkillEnvOverrides(options).env).toEqual({});
    expect(applySkillEnvOverrides({ ...options, resolveSecret: () => "resolved" }).env).toEqual({
      S_API_KEY: "resolved",
    });
  });

  it("keys entries by skillKey and snapshot skills by name", () => {
    const entry: SkillEntry = {
      skill: {
        name: "n",
        description: "d",
        filePath: "/f",
        baseDir: "/",
        source: "openclaw-workspace",
        disableModelInvocation: false,
      },
      frontmatter: {},
      invocation: { userInvocable: true, disableModelInvocation: false },
      metadata: { skillKey: "kk", primaryEnv: "P", requires: { bins: [], anyBins: [], env: ["E"], config: [] } },
    };
    expect(skillEnvTargetsFromEntries([entry])).toEqual([{ key: "kk", primaryEnv: "P", requiredEnv: ["E"] }]);
    expect(skillEnvTargetsFromSnapshot([{ name: "n", requiredEnv: ["E"] }, { name: "m" }])).toEqual([
      { key: "n", requiredEnv: ["E"] },
      { key: "m" },
    ]);
  });
});
