import { describe, expect, it } from "vitest";
import type { MissingRequirements } from "../../src/skills/check-skill-eligibility.js";
import { describeMissingRequirements, explainExcludedSkills } from "../../src/skills/explain-excluded-skills.js";
import { formatSkillsReportLegend, formatSkillsTableLegend } from "../../src/skills/format-skills-report-legend.js";
import { formatSkillsReportTable } from "../../src/skills/format-skills-report-table.js";
import type { SkillsReport } from "../../src/skills/skill-types.js";
import { makeEntry, makeSkill } from "./skill-fixtures.js";

const none: MissingRequirements = { os: [], bins: [], anyBins: [], env: [], config: [] };

function report(overrides: Partial<SkillsReport> = {}): SkillsReport {
  return {
    sources: [
      {
        source: "openclaw-workspace",
        root: "/w/skills",
        loaded: 3,
        skipped: [{ path: "/w/skills/empty", reason: "no-skill-md" }],
      },
    ],
    discovered: [
      { name: "ok", source: "openclaw-workspace", path: "/w/skills/ok/SKILL.md" },
      { name: "gh-tool", source: "openclaw-workspace", path: "/w/skills/gh-tool/SKILL.md" },
      { name: "off", source: "openclaw-workspace", path: "/w/skills/off/SKILL.md" },
    ],
    eligible: ["ok"],
    excluded: [
      { name: "gh-tool", reason: "missing-bins" },
      { name: "off", reason: "disabled" },
    ],
    included: ["ok"],
    dropped: [],
    truncated: false,
    promptChars: 500,
    overheadChars: 368,
    prompt: "",
    ...overrides,
  };
}

describe("describeMissingRequirements", () => {
  it("names each kind of missing requirement; anyBins as none of the list", () => {
    const missing: MissingRequirements = {
      os: ["darwin", "win32"],
      bins: ["gh", "jq"],
      anyBins: ["rg", "ag"],
      env: ["GH_TOKEN"],
      config: ["browser.enabled"],
    };
    expect(describeMissingRequirements(missing, "linux")).toBe(
      "runs only on darwin, win32 (this is linux); bins not on PATH: gh, jq; none of: rg, ag is on PATH; " +
        "env not set: GH_TOKEN; config not set: browser.enabled",
    );
    expect(describeMissingRequirements(none, "linux")).toBe("");
    expect(describeMissingRequirements({ ...none, bins: ["a\u0000b"] }, "linux")).toBe("bins not on PATH: a\\u0000b");
  });
});

describe("explainExcludedSkills", () => {
  it("adds each excluded skill's missing requirements, in the report's order and shape", () => {
    const entries = ["ok", "gh-tool", "off"].map((name) => makeEntry(makeSkill(name)));
    const explained = explainExcludedSkills({
      report: report(),
      entries,
      missing: [none, { ...none, bins: ["gh"] }, { ...none, env: ["X"] }],
    });
    expect(explained).toEqual([
      { name: "gh-tool", reason: "missing-bins", missing: { ...none, bins: ["gh"] } },
      { name: "off", reason: "disabled", missing: { ...none, env: ["X"] } },
    ]);
    expect(explained.map((item) => Object.keys(item))).toEqual([
      ["name", "reason", "missing"],
      ["name", "reason", "missing"],
    ]);
    expect(Object.keys(explained[0]?.missing ?? {})).toEqual(["os", "bins", "anyBins", "env", "config"]);
  });

  it("gives a skill excluded by the filter (eligible, so in no list) nothing missing", () => {
    const filtered = report({ excluded: [{ name: "ok", reason: "not-in-skill-filter" }] });
    expect(explainExcludedSkills({ report: filtered, entries: [], missing: [] })).toEqual([
      { name: "ok", reason: "not-in-skill-filter", missing: none },
    ]);
  });
});

describe("formatSkillsReportTable with explanations", () => {
  it("puts what each ineligible skill lacks under the Ineligible line, and explains every term", () => {
    const text = formatSkillsReportTable(report(), {
      excluded: [
        { name: "gh-tool", reason: "missing-bins", missing: { ...none, bins: ["gh"], env: ["GH_TOKEN"] } },
        { name: "off", reason: "disabled", missing: none },
      ],
      platform: "linux",
    });
    const lines = text.split("\n");
    const ineligible = lines.indexOf("Ineligible: gh-tool (missing-bins), off (disabled)");
    expect(ineligible).toBeGreaterThan(0);
    expect(lines[ineligible + 1]).toBe("  gh-tool: bins not on PATH: gh; env not set: GH_TOKEN");
    expect(lines[ineligible + 2]).toBe("Dropped by visibility: none");
    for (const term of ["source", "root", "loaded", "won", "skipped"]) {
      expect(lines.some((line) => line.startsWith(`  ${term} `))).toBe(true);
    }
    for (const term of [
      "Overridden",
      "Ineligible",
      "Dropped by visibility",
      "Dropped by count limit",
      "Dropped by char budget",
      "Funnel",
      "Prompt",
    ]) {
      expect(lines.some((line) => line.startsWith(`  ${term} `))).toBe(true);
    }
    expect(text).toContain(formatSkillsTableLegend());
    expect(text.endsWith(formatSkillsReportLegend(report()))).toBe(true);
  });

  it("explains only the skip and ineligibility reasons that occur", () => {
    const legend = formatSkillsReportLegend(report());
    expect(legend).toMatch(/^ {2}no-skill-md {2}a folder without a SKILL\.md$/m);
    expect(legend).toMatch(/^ {2}missing-bins {2}/m);
    expect(legend).toMatch(/^ {2}disabled {6}skills\.entries/m);
    expect(legend).not.toContain("shadowed ");
    expect(legend).not.toContain("missing-env");
    const clean = formatSkillsReportLegend(report({ sources: [], excluded: [] }));
    expect(clean).not.toContain("Skip reasons:");
    expect(clean).not.toContain("Ineligibility reasons:");
  });
});
