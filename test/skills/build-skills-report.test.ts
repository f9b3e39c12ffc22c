import { describe, expect, it } from "vitest";
import { buildSkillsPrompt } from "../../src/skills/build-skills-prompt.js";
import { buildSkillsReport } from "../../src/skills/build-skills-report.js";
import { formatSkillsReportTable } from "../../src/skills/format-skills-report-table.js";
import { mergeSkillEntries } from "../../src/skills/merge-skills.js";
import type { DiscoveredSkills, ExclusionReason } from "../../src/skills/skill-types.js";
import { makeEntry, makeSkill } from "./skill-fixtures.js";

/** The §14 example: bundled alpha, github; workspace github, zed (bins zz), hid (hidden); 1 skill max. */
function section14() {
  const alpha = makeSkill("alpha", { filePath: "/b/alpha/SKILL.md", source: "openclaw-bundled" });
  const bundledGithub = makeSkill("github", { filePath: "/b/github/SKILL.md", source: "openclaw-bundled" });
  const github = makeSkill("github");
  const hid = makeSkill("hid", { disableModelInvocation: true });
  const zed = makeSkill("zed");
  const discovered: DiscoveredSkills = {
    sources: [
      { source: "openclaw-bundled", root: "/b", skills: [alpha, bundledGithub], skipped: [] },
      { source: "openclaw-managed", root: "/home/alice/.openclaw/skills", skills: [], skipped: [] },
      {
        source: "openclaw-workspace",
        root: "/w/skills",
        skills: [github, hid, zed],
        skipped: [{ path: "/w/skills/empty", reason: "no-skill-md" }],
      },
    ],
    diagnostics: [],
  };
  const merged = mergeSkillEntries(
    discovered.sources.map(({ source, skills }) => ({ source, entries: skills.map((skill) => makeEntry(skill)) })),
  );
  expect(merged.entries.map((entry) => entry.skill)).toEqual([alpha, github, hid, zed]);
  const eligibility: { eligible: boolean; reason?: ExclusionReason }[] = [
    { eligible: true },
    { eligible: true },
    { eligible: true },
    { eligible: false, reason: "missing-bins" },
  ];
  const limits = { maxSkillsInPrompt: 1, maxSkillsPromptChars: 30000 };
  const skillsPrompt = buildSkillsPrompt({ visible: [alpha, github], limits, homeDir: "/home/alice" });
  return { discovered, merged, eligibility, limits, skillsPrompt };
}

describe("buildSkillsReport (spec/skills.md §14)", () => {
  it("reproduces the §14 example as DESIGN.md's JSON shape", () => {
    const input = section14();
    const report = buildSkillsReport(input);
    expect(report).toEqual({
      sources: [
        {
          source: "openclaw-bundled",
          root: "/b",
          loaded: 2,
          skipped: [{ path: "/b/github/SKILL.md", reason: "shadowed" }],
        },
        { source: "openclaw-managed", root: "/home/alice/.openclaw/skills", loaded: 0, skipped: [] },
        {
          source: "openclaw-workspace",
          root: "/w/skills",
          loaded: 3,
          skipped: [{ path: "/w/skills/empty", reason: "no-skill-md" }],
        },
      ],
      discovered: [
        { name: "alpha", source: "openclaw-bundled", path: "/b/alpha/SKILL.md" },
        { name: "github", source: "openclaw-workspace", path: "/w/skills/github/SKILL.md" },
        { name: "hid", source: "openclaw-workspace", path: "/w/skills/hid/SKILL.md" },
        { name: "zed", source: "openclaw-workspace", path: "/w/skills/zed/SKILL.md" },
      ],
      eligible: ["alpha", "github", "hid"],
      excluded: [{ name: "zed", reason: "missing-bins" }],
      included: ["alpha"],
      dropped: [
        { name: "hid", reason: "disable-model-invocation" },
        { name: "github", reason: "count-limit" },
      ],
      truncated: true,
      promptChars: input.skillsPrompt.prompt.length,
      overheadChars: 368,
      prompt: input.skillsPrompt.prompt,
    });
    expect(report.prompt.startsWith("⚠️ Skills truncated: included 1 of 2.")).toBe(true);
    expect(Object.keys(report)).toEqual([
      "sources",
      "discovered",
      "eligible",
      "excluded",
      "included",
      "dropped",
      "truncated",
      "promptChars",
      "overheadChars",
      "prompt",
    ]);
  });

  it("does not repeat a shadowed skip that discovery already reported", () => {
    const input = section14();
    const bundled = input.discovered.sources[0];
    bundled?.skipped.push({ path: "/b/github/SKILL.md", reason: "shadowed", detail: "openclaw-workspace" });
    expect(buildSkillsReport(input).sources[0]?.skipped).toEqual([{ path: "/b/github/SKILL.md", reason: "shadowed" }]);
  });

  it("reports filtered-out skills as not-in-skill-filter and char-budget drops separately from count drops", () => {
    const skills = ["a", "b", "c", "d"].map((name) => makeSkill(name));
    const limits = { maxSkillsInPrompt: 3, maxSkillsPromptChars: 487 };
    const visible = skills.slice(1);
    const report = buildSkillsReport({
      discovered: {
        sources: [{ source: "openclaw-workspace", root: "/w/skills", skills, skipped: [] }],
        diagnostics: [],
      },
      merged: { entries: skills.map((skill) => makeEntry(skill)), overridden: [] },
      eligibility: skills.map(() => ({ eligible: true })),
      skillFilter: ["b", "c", "d"],
      limits,
      skillsPrompt: buildSkillsPrompt({ visible, limits, homeDir: "" }),
    });
    expect(report.excluded).toEqual([{ name: "a", reason: "not-in-skill-filter" }]);
    expect(report.included).toEqual(["b"]);
    expect(report.dropped).toEqual([
      { name: "c", reason: "char-budget" },
      { name: "d", reason: "char-budget" },
    ]);
  });

  it("has an empty prompt but still the 368-char overhead when nothing is visible", () => {
    const limits = { maxSkillsInPrompt: 150, maxSkillsPromptChars: 30000 };
    const report = buildSkillsReport({
      discovered: { sources: [], diagnostics: [] },
      merged: { entries: [], overridden: [] },
      eligibility: [],
      limits,
      skillsPrompt: buildSkillsPrompt({ visible: [], limits, homeDir: "" }),
    });
    expect(report).toMatchObject({ prompt: "", promptChars: 0, overheadChars: 368, truncated: false });
  });

  it("rejects eligibility results that do not line up with the merged skills", () => {
    const input = section14();
    expect(() => buildSkillsReport({ ...input, eligibility: input.eligibility.slice(1) })).toThrow(
      /eligibility results/,
    );
  });
});

describe("formatSkillsReportTable", () => {
  it("renders the funnel: sources, overrides, ineligible, dropped and the prompt size against the budget", () => {
    const input = section14();
    const report = buildSkillsReport(input);
    const text = formatSkillsReportTable(report, {
      maxSkillsPromptChars: 30000,
      overrides: input.merged.overridden,
    });
    expect(text).toContain("openclaw-bundled");
    expect(text).toContain("shadowed ×1");
    expect(text).toContain("no-skill-md ×1");
    expect(text).toContain("Overridden: github (openclaw-bundled → openclaw-workspace)");
    expect(text).toContain("Ineligible: zed (missing-bins)");
    expect(text).toContain("Dropped by visibility: hid");
    expect(text).toContain("Dropped by count limit: github");
    expect(text).toContain("Funnel: discovered 4 → eligible 3 → visible 2 → included 1 (truncated)");
    expect(text).toContain(`Prompt: ${report.promptChars} chars (budget 30000, catalog overhead 368)`);
  });
});
