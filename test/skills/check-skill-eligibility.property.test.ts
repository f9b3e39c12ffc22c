// Guards against eligibility that ignores requires.env, requires.config or skill-entry env (entry env, apiKey for primaryEnv), treats anyBins as "all bins", reads entries by name instead of skillKey, or lets always=true skip the disabled, allowBundled or OS checks.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OpenClawConfigInput as OpenClawConfig } from "../../src/config/openclaw-config-schema.js";
import { checkSkillEligibility } from "../../src/skills/check-skill-eligibility.js";
import type { RemoteEligibility, SkillEntry, SkillMetadata } from "../../src/skills/skill-types.js";
import { assertProperty } from "../support/assert-property.js";

const BINS = ["git", "curl", "jq", "yq"];
const VARS = ["A_KEY", "B_KEY", "C_KEY"];
const PLATFORMS = ["linux", "darwin", "win32"];
const PATHS = ["feature.on", "feature.off", "browser.enabled"] as const;
type ConfigPath = (typeof PATHS)[number];

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
        config: fc.subarray([...PATHS]),
      }),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined, freq: 8 },
);

const caseArbitrary = fc.record({
  metadata: metadataArbitrary,
  bundled: fc.boolean(),
  platform: fc.constantFrom(...PLATFORMS),
  onPath: fc.subarray(BINS),
  env: fc.dictionary(fc.constantFrom(...VARS), fc.constantFrom<string>("", "v")),
  entryConfig: fc.record(
    {
      enabled: fc.boolean(),
      env: fc.dictionary(fc.constantFrom(...VARS), fc.constantFrom<string>("", "v")),
      apiKey: fc.constantFrom<unknown>("", "k", { source: "env", id: "X" }),
    },
    { requiredKeys: [] },
  ),
  /** Where `skills.entries` holds the entry: `undefined` = under the skill's own key. */
  entryKey: fc.option(fc.constantFrom("s", "k1", "k2"), { nil: undefined, freq: 3 }),
  allowBundled: fc.option(fc.subarray(["s", " k1 ", "other", " "]), { nil: undefined }),
  flags: fc.record({
    "feature.on": fc.boolean(),
    "feature.off": fc.boolean(),
    "browser.enabled": fc.option(fc.boolean(), { nil: undefined }),
  }),
  remote: fc.option(fc.record({ platforms: fc.subarray(PLATFORMS), bins: fc.subarray(BINS) }), { nil: undefined }),
});

type Case = typeof caseArbitrary extends fc.Arbitrary<infer T> ? T : never;

function build(value: Case) {
  const entry: SkillEntry = {
    skill: {
      name: "s",
      description: "d",
      filePath: "/w/skills/s/SKILL.md",
      baseDir: "/w/skills/s",
      source: value.bundled ? "openclaw-bundled" : "openclaw-workspace",
      disableModelInvocation: false,
    },
    frontmatter: {},
    invocation: { userInvocable: true, disableModelInvocation: false },
    ...(value.metadata === undefined ? {} : { metadata: value.metadata }),
  };
  const browser = value.flags["browser.enabled"];
  const config = {
    feature: { on: value.flags["feature.on"], off: value.flags["feature.off"] },
    browser: browser === undefined ? {} : { enabled: browser },
    skills: {
      entries: { [value.entryKey ?? value.metadata?.skillKey ?? "s"]: value.entryConfig },
      ...(value.allowBundled === undefined ? {} : { allowBundled: value.allowBundled }),
    },
  } as OpenClawConfig;
  const remote: RemoteEligibility | undefined = value.remote && {
    platforms: value.remote.platforms,
    hasBin: (bin) => value.remote?.bins.includes(bin) === true,
    hasAnyBin: (bins) => bins.some((bin) => value.remote?.bins.includes(bin)),
  };
  const env = { platform: value.platform, env: value.env, isOnPath: (bin: string) => value.onPath.includes(bin) };
  return checkSkillEligibility(entry, config, env, remote);
}

/** The rules restated independently of the implementation: "eligible" or the first failing reason. */
function referenceVerdict(value: Case): string {
  const key = value.metadata?.skillKey ?? "s";
  const own: Case["entryConfig"] = (value.entryKey ?? key) === key ? value.entryConfig : {};
  if (own.enabled === false) return "disabled";
  const allow = (value.allowBundled ?? []).map((item) => item.trim()).filter((item) => item !== "");
  if (value.bundled && allow.length > 0 && !allow.includes(key) && !allow.includes("s")) return "not-in-allowBundled";
  const metadata = value.metadata;
  if (metadata === undefined) return "eligible";
  const os = metadata.os ?? [];
  const platforms = [value.platform, ...(value.remote?.platforms ?? [])];
  if (os.length > 0 && !platforms.some((platform) => os.includes(platform))) return "os-mismatch";
  if (metadata.always === true || metadata.requires === undefined) return "eligible";
  const { bins, anyBins, env, config } = metadata.requires;
  const hasBin = (bin: string) => value.onPath.includes(bin) || value.remote?.bins.includes(bin) === true;
  if (!bins.every(hasBin)) return "missing-bins";
  if (anyBins.length > 0 && !anyBins.some(hasBin)) return "missing-any-bins";
  const keySet = own.apiKey !== undefined && own.apiKey !== "";
  const provided = (name: string) =>
    Boolean(value.env[name]) || Boolean(own.env?.[name]) || (keySet && metadata.primaryEnv === name);
  if (!env.every(provided)) return "missing-env";
  const truthy = (path: string) => value.flags[path as ConfigPath] ?? true;
  if (!config.every(truthy)) return "missing-config";
  return "eligible";
}

const verdict = (result: { eligible: boolean; reason?: string }) => (result.eligible ? "eligible" : result.reason);

const WITHDRAWN_REASON = {
  nothing: "eligible",
  bins: "missing-bins",
  anyBins: "missing-any-bins",
  env: "missing-env",
  config: "missing-config",
} as const;

/** Requirements that are all provided (each env var through its own channel) but one `withdraw`n. */
const providedArbitrary = fc
  .record({
    always: fc.boolean(),
    primaryEnv: fc.constantFrom(...VARS),
    bins: fc.subarray(BINS),
    anyBins: fc.subarray(BINS, { minLength: 1 }),
    env: fc.subarray(VARS),
    config: fc.subarray([...PATHS]),
    channels: fc.array(fc.constantFrom("process", "entry-env", "apiKey"), { minLength: 3, maxLength: 3 }),
    withdraw: fc.constantFrom(...(Object.keys(WITHDRAWN_REASON) as (keyof typeof WITHDRAWN_REASON)[])),
    pick: fc.nat(),
  })
  .map((raw) => ({ ...raw, anyBins: raw.anyBins.filter((bin) => !raw.bins.includes(bin)) }))
  .filter((raw) => raw.anyBins.length > 0);

type Provided = typeof providedArbitrary extends fc.Arbitrary<infer T> ? T : never;

function providedCase(raw: Provided): { value: Case; withdrawn: boolean } {
  const keep = <T>(kind: Provided["withdraw"], items: readonly T[]) =>
    raw.withdraw === kind ? items.filter((_item, index) => index !== raw.pick % items.length) : [...items];
  // An apiKey provides primaryEnv only; any other variable given that channel comes from the entry env.
  const channel = (name: string) => {
    const chosen = raw.channels[VARS.indexOf(name)] ?? "process";
    return chosen === "apiKey" && name !== raw.primaryEnv ? "entry-env" : chosen;
  };
  const env = keep("env", raw.env);
  const vars = (wanted: string) =>
    Object.fromEntries(env.filter((name) => channel(name) === wanted).map((name) => [name, "v"]));
  const config = keep("config", raw.config);
  const value: Case = {
    metadata: {
      always: raw.always,
      primaryEnv: raw.primaryEnv,
      requires: { bins: raw.bins, anyBins: raw.anyBins, env: raw.env, config: raw.config },
    },
    bundled: false,
    platform: "linux",
    // One of anyBins on PATH is enough.
    onPath: [...keep("bins", raw.bins), ...keep("anyBins", raw.anyBins.slice(0, 1))],
    env: vars("process"),
    entryConfig: { env: vars("entry-env"), ...(env.some((name) => channel(name) === "apiKey") ? { apiKey: "k" } : {}) },
    entryKey: undefined,
    allowBundled: undefined,
    flags: {
      "feature.on": config.includes("feature.on"),
      "feature.off": config.includes("feature.off"),
      "browser.enabled": config.includes("browser.enabled"),
    },
    remote: undefined,
  };
  const lists = { nothing: [], bins: raw.bins, anyBins: raw.anyBins, env: raw.env, config: raw.config };
  return { value, withdrawn: lists[raw.withdraw].length > 0 };
}

describe("checkSkillEligibility (properties)", () => {
  it("agrees with an independent reading of the rules on verdict and reason", () => {
    assertProperty(
      fc.property(caseArbitrary, (value) => {
        expect(verdict(build(value))).toBe(referenceVerdict(value));
      }),
      { numRuns: 1000 },
    );
  });

  it("provided requirements make a skill eligible (one anyBin is enough, env from any channel); withdrawing one excludes it for that reason unless always=true", () => {
    assertProperty(
      fc.property(providedArbitrary, (raw) => {
        const { value, withdrawn } = providedCase(raw);
        const expected = raw.always || !withdrawn ? "eligible" : WITHDRAWN_REASON[raw.withdraw];
        expect(verdict(build(value))).toBe(expected);
      }),
      { numRuns: 600 },
    );
  });

  it("adding a required bin to PATH or setting a required env var never removes a skill", () => {
    assertProperty(
      fc.property(caseArbitrary, fc.constantFrom(...BINS), fc.constantFrom(...VARS), (value, bin, name) => {
        if (!build(value).eligible) return;
        const withBin = build({ ...value, onPath: [...value.onPath, bin] });
        const withVar = build({ ...value, env: { ...value.env, [name]: "v" } });
        expect([withBin.eligible, withVar.eligible]).toEqual([true, true]);
      }),
      { numRuns: 400 },
    );
  });

  it("always=true bypasses bins, anyBins, env and config but not disabled, allowBundled or OS", () => {
    assertProperty(
      fc.property(caseArbitrary, (value) => {
        const always = {
          ...value,
          metadata: { ...value.metadata, always: true },
          onPath: [],
          env: {},
          remote: undefined,
        };
        const { requires: _ignored, ...withoutRequires } = always.metadata;
        expect(build(always)).toEqual(build({ ...always, metadata: withoutRequires }));
        expect(verdict(build(always))).toBe(referenceVerdict(always));
      }),
      { numRuns: 400 },
    );
  });
});
