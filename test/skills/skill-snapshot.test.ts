import { describe, expect, it } from "vitest";
import { formatSkillsPrompt } from "../../src/skills/format-skills-prompt.js";
import { planSkillsPrompt } from "../../src/skills/plan-skills-prompt.js";
import { resolveSkillsPromptForRun } from "../../src/skills/resolve-skills-prompt-for-run.js";
import {
  buildSkillSnapshot,
  shouldRefreshCronSnapshot,
  shouldRefreshSnapshot,
} from "../../src/skills/skill-snapshot.js";
import type { EligibilityEnv, SkillEntry, SkillRequires } from "../../src/skills/skill-types.js";
import {
  bumpSkillsVersion,
  createSkillsVersionState,
  getSkillsVersion,
  onSkillsVersionChange,
  type SkillsChange,
} from "../../src/skills/skills-version-state.js";
import { makeEntry, makeSkill } from "./skill-fixtures.js";

const linux: EligibilityEnv = { platform: "linux", env: {}, isOnPath: (bin) => bin === "git" };
const requires = (partial: Partial<SkillRequires>): SkillRequires => ({
  bins: [],
  anyBins: [],
  env: [],
  config: [],
  ...partial,
});

/** spec/skills.md §15: bundled alpha, weather (curl); workspace git (git); personal order-handler. */
function section15(): SkillEntry[] {
  return [
    makeEntry(
      makeSkill("alpha", {
        description: "Alpha skill",
        filePath: "/opt/bundled/alpha/SKILL.md",
        source: "openclaw-bundled",
      }),
    ),
    makeEntry(makeSkill("weather", { filePath: "/opt/bundled/weather/SKILL.md", source: "openclaw-bundled" }), {
      metadata: { requires: requires({ bins: ["curl"] }) },
    }),
    makeEntry(makeSkill("git", { description: "Core git operations." }), {
      metadata: { primaryEnv: "GIT_TOKEN", requires: requires({ bins: ["git"], env: [] }) },
    }),
    makeEntry(
      makeSkill("order-handler", {
        description: "Handle orders & payments <fast>",
        filePath: "/home/alice/.agents/skills/order-handler/SKILL.md",
        source: "agents-skills-personal",
      }),
    ),
  ];
}

describe("buildSkillSnapshot (spec/skills.md §12.1, §15)", () => {
  it("builds the worked example: eligible alpha, git, order-handler with compacted locations", () => {
    const entries = section15();
    const snapshot = buildSkillSnapshot({
      entries,
      config: {},
      eligibilityEnv: linux,
      homeDir: "/home/alice",
      version: 7,
    });
    const visible = [entries[0], entries[2], entries[3]].map((entry) => entry?.skill);
    expect(snapshot).toEqual({
      prompt: formatSkillsPrompt([
        entries[0]!.skill,
        entries[2]!.skill,
        { ...entries[3]!.skill, filePath: "~/.agents/skills/order-handler/SKILL.md" },
      ]),
      skills: [{ name: "alpha" }, { name: "git", primaryEnv: "GIT_TOKEN", requiredEnv: [] }, { name: "order-handler" }],
      resolvedSkills: visible,
      version: 7,
    });
    expect(snapshot.prompt).toContain("<location>/opt/bundled/alpha/SKILL.md</location>");
    expect(snapshot.prompt).toContain("<location>/w/skills/git/SKILL.md</location>");
    expect(snapshot.prompt).toContain("<location>~/.agents/skills/order-handler/SKILL.md</location>");
    expect(snapshot.prompt).toContain("<description>Handle orders &amp; payments &lt;fast&gt;</description>");
    expect(snapshot.resolvedSkills[2]?.filePath).toBe("/home/alice/.agents/skills/order-handler/SKILL.md");
  });

  it("keeps hidden skills in `skills` but not in the catalog or resolvedSkills", () => {
    const entries = [makeEntry(makeSkill("a")), makeEntry(makeSkill("hid", { disableModelInvocation: true }))];
    const snapshot = buildSkillSnapshot({ entries, config: {}, eligibilityEnv: linux, homeDir: "" });
    expect(snapshot.skills).toEqual([{ name: "a" }, { name: "hid" }]);
    expect(snapshot.resolvedSkills.map((skill) => skill.name)).toEqual(["a"]);
    expect(snapshot.prompt).not.toContain("hid");
    expect("version" in snapshot).toBe(false);
  });

  it.each([
    [undefined, ["a", "b", "c"], undefined],
    [[], [], []],
    [[" b ", "zzz", ""], ["b"], ["b", "zzz"]],
    [["  "], [], []],
  ])("filter %j → skills %j, snapshot skillFilter %j (§7)", (filter, names, recorded) => {
    const entries = ["a", "b", "c"].map((name) => makeEntry(makeSkill(name)));
    const snapshot = buildSkillSnapshot({
      entries,
      config: {},
      eligibilityEnv: linux,
      homeDir: "",
      ...(filter === undefined ? {} : { skillFilter: filter }),
    });
    expect(snapshot.skills.map((skill) => skill.name)).toEqual(names);
    expect(snapshot.skillFilter).toEqual(recorded);
    expect("skillFilter" in snapshot).toBe(recorded !== undefined);
    if (names.length === 0) expect(snapshot.prompt).toBe("");
  });

  it("puts the remote note first and counts remote platforms for eligibility", () => {
    const entries = [
      ...["a", "b", "c"].map((name) => makeEntry(makeSkill(name))),
      makeEntry(makeSkill("mac"), { metadata: { os: ["darwin"] } }),
    ];
    const remote = {
      platforms: ["darwin"],
      hasBin: () => false,
      hasAnyBin: () => false,
      note: "  Remote macOS node available: use nodes.run  ",
    };
    const snapshot = buildSkillSnapshot({
      entries,
      config: { skills: { limits: { maxSkillsInPrompt: 2 } } },
      eligibilityEnv: linux,
      homeDir: "",
      remote,
    });
    expect(
      snapshot.prompt.startsWith("Remote macOS node available: use nodes.run\n⚠️ Skills truncated: included 2 of 4."),
    ).toBe(true);
  });

  it("exposes every stage for the report through planSkillsPrompt", () => {
    const plan = planSkillsPrompt({ entries: section15(), config: {}, eligibilityEnv: linux, homeDir: "/home/alice" });
    expect(plan.eligibility).toEqual([
      { eligible: true },
      { eligible: false, reason: "missing-bins" },
      { eligible: true },
      { eligible: true },
    ]);
    expect(plan.limits).toEqual({ maxSkillsInPrompt: 150, maxSkillsPromptChars: 30000 });
    expect(plan.skillsPrompt.truncated).toBe(false);
  });
});

describe("skills versions (spec/skills.md §12.2)", () => {
  it("follows the fixed-clock example", () => {
    const state = createSkillsVersionState({ now: () => 1000 });
    expect(bumpSkillsVersion(state, { workspaceDir: "/w" })).toBe(1000);
    expect(bumpSkillsVersion(state, { workspaceDir: "/w" })).toBe(1001);
    expect(getSkillsVersion(state, "/w")).toBe(1001);
    expect(bumpSkillsVersion(state)).toBe(1000);
    expect(getSkillsVersion(state, "/w")).toBe(1001);
    expect(getSkillsVersion(state)).toBe(1000);
    expect(getSkillsVersion(state, "/other")).toBe(1000);
  });

  it("takes the clock when it is ahead and notifies listeners until removed", () => {
    let now = 5;
    const state = createSkillsVersionState({ now: () => now });
    const seen: SkillsChange[] = [];
    const stop = onSkillsVersionChange(state, (change) => seen.push(change));
    expect(bumpSkillsVersion(state, { workspaceDir: "/w", reason: "watch", changedPath: "/w/skills/a/SKILL.md" })).toBe(
      5,
    );
    now = 50;
    expect(bumpSkillsVersion(state, { workspaceDir: "/w" })).toBe(50);
    stop();
    bumpSkillsVersion(state);
    expect(seen).toEqual([
      { workspaceDir: "/w", reason: "watch", changedPath: "/w/skills/a/SKILL.md" },
      { workspaceDir: "/w", reason: "manual" },
    ]);
  });

  it("keeps separate states independent (no module-level singleton)", () => {
    const first = createSkillsVersionState({ now: () => 1000 });
    const second = createSkillsVersionState({ now: () => 1000 });
    bumpSkillsVersion(first, { workspaceDir: "/w" });
    expect(getSkillsVersion(second, "/w")).toBe(0);
  });

  it("reuses a session snapshot unless the version advanced past it", () => {
    expect(shouldRefreshSnapshot(undefined, 0)).toBe(false);
    expect(shouldRefreshSnapshot(undefined, 1000)).toBe(true);
    expect(shouldRefreshSnapshot(1000, 1000)).toBe(false);
    expect(shouldRefreshSnapshot(1000, 1001)).toBe(true);
    expect(shouldRefreshSnapshot(2000, 1001)).toBe(false);
  });

  it("rebuilds a cron snapshot on any version change or a different filter set", () => {
    const snapshot = { version: 1000, skillFilter: ["b", "a"] };
    expect(shouldRefreshCronSnapshot({ snapshot, current: 1000, skillFilter: ["a", "b", "a"] })).toBe(false);
    expect(shouldRefreshCronSnapshot({ snapshot, current: 999, skillFilter: ["a", "b"] })).toBe(true);
    expect(shouldRefreshCronSnapshot({ snapshot, current: 1000, skillFilter: ["a"] })).toBe(true);
    expect(shouldRefreshCronSnapshot({ snapshot, current: 1000 })).toBe(true);
    expect(shouldRefreshCronSnapshot({ snapshot: { version: 1000 }, current: 1000 })).toBe(false);
  });
});

describe("resolveSkillsPromptForRun (spec/skills.md §12.4)", () => {
  const entries = ["a", "b"].map((name) => makeEntry(makeSkill(name)));
  const base = { config: {}, eligibilityEnv: linux, homeDir: "" };

  it("returns the snapshot's trimmed prompt, even when entries would give another", () => {
    expect(resolveSkillsPromptForRun({ ...base, snapshot: { prompt: "\n\ncatalog  " }, entries })).toBe("catalog");
  });

  it("builds from entries (no filter) when the snapshot prompt is blank, untrimmed", () => {
    expect(resolveSkillsPromptForRun({ ...base, snapshot: { prompt: "  " }, entries })).toBe(
      formatSkillsPrompt(entries.map((entry) => entry.skill)),
    );
  });

  it("gives an empty prompt without a usable snapshot or entries", () => {
    expect(resolveSkillsPromptForRun({ ...base, snapshot: { prompt: "" } })).toBe("");
    expect(resolveSkillsPromptForRun(base)).toBe("");
    const ineligible = [makeEntry(makeSkill("x"), { metadata: { requires: requires({ bins: ["nope"] }) } })];
    expect(resolveSkillsPromptForRun({ ...base, entries: ineligible })).toBe("");
  });
});
