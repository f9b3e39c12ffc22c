import { describe, expect, it } from "vitest";
import { budgetSkills, resolveSkillPromptLimits, skillsCatalogLength } from "../../src/skills/budget-skills.js";
import { buildSkillsPrompt, formatSkillsTruncationNote } from "../../src/skills/build-skills-prompt.js";
import { formatSkillsPrompt } from "../../src/skills/format-skills-prompt.js";
import { makeSkill } from "./skill-fixtures.js";

const abc = ["a", "b", "c"].map((name) => makeSkill(name));
const names = (skills: readonly { name: string }[]) => skills.map((skill) => skill.name);

describe("skillsCatalogLength (spec/skills.md §9.2)", () => {
  it("is 0 for no skills and 487 / 606 / 725 for the §9.4 skills", () => {
    expect(skillsCatalogLength([])).toBe(0);
    expect([1, 2, 3].map((count) => skillsCatalogLength(abc.slice(0, count)))).toEqual([487, 606, 725]);
  });

  it("equals the rendered catalog's length", () => {
    expect(formatSkillsPrompt(abc)).toHaveLength(725);
  });

  it("counts escaped lengths: the §9.4 escaping example is 538", () => {
    const skill = makeSkill("a&b<c>", { description: `Use "q" & 'a'`, filePath: "/w/skills/x/SKILL.md" });
    expect(skillsCatalogLength([skill])).toBe(538);
    expect(formatSkillsPrompt([skill])).toHaveLength(538);
  });
});

describe("budgetSkills and the skills prompt (spec/skills.md §9.4)", () => {
  const rows: [chars: number, count: number, chosen: string[], note: string | null, length: number][] = [
    [725, 150, ["a", "b", "c"], null, 725],
    [724, 150, ["a", "b"], "included 2 of 3", 682],
    [606, 150, ["a", "b"], "included 2 of 3", 682],
    [605, 150, ["a"], "included 1 of 3", 563],
    [487, 150, ["a"], "included 1 of 3", 563],
    [486, 150, [], "included 0 of 3", 75],
    [0, 150, [], "included 0 of 3", 75],
    [30000, 2, ["a", "b"], "included 2 of 3", 682],
    [30000, 0, [], "included 0 of 3", 75],
  ];
  it.each(rows)("maxSkillsPromptChars %i, maxSkillsInPrompt %i → %j", (chars, count, chosen, note, length) => {
    const limits = { maxSkillsPromptChars: chars, maxSkillsInPrompt: count };
    const result = buildSkillsPrompt({ visible: abc, limits, homeDir: "/home/alice" });
    expect(names(result.chosen)).toEqual(chosen);
    expect(result.truncated).toBe(note !== null);
    expect(result.prompt).toHaveLength(length);
    if (note === null) expect(result.prompt).toBe(formatSkillsPrompt(abc));
    else
      expect(result.prompt.startsWith(`⚠️ Skills truncated: ${note}. Run \`openclaw skills check\` to audit.`)).toBe(
        true,
      );
  });

  it("names the reason: count when only the count cap cut, chars when the char budget cut", () => {
    const limits = (chars: number, count: number) => ({ maxSkillsPromptChars: chars, maxSkillsInPrompt: count });
    expect(budgetSkills(abc, limits(725, 150))).toEqual({ chosen: abc, truncated: false, reason: null });
    expect(budgetSkills(abc, limits(30000, 2))).toEqual({ chosen: abc.slice(0, 2), truncated: true, reason: "count" });
    expect(budgetSkills(abc, limits(487, 2))).toEqual({ chosen: abc.slice(0, 1), truncated: true, reason: "chars" });
    expect(budgetSkills(abc, limits(-5, 150))).toEqual({ chosen: [], truncated: true, reason: "chars" });
    expect(budgetSkills(abc, limits(30000, -1))).toEqual({ chosen: [], truncated: true, reason: "count" });
    expect(budgetSkills([], limits(0, 150))).toEqual({ chosen: [], truncated: false, reason: null });
  });

  it("puts the trimmed remote note first, then the truncation note, then the catalog", () => {
    const visible = [...abc, makeSkill("mac")];
    const result = buildSkillsPrompt({
      visible,
      limits: { maxSkillsPromptChars: 30000, maxSkillsInPrompt: 2 },
      homeDir: "/home/alice",
      remoteNote: "  Remote macOS node available: use nodes.run  ",
    });
    expect(result.prompt).toBe(
      [
        "Remote macOS node available: use nodes.run",
        "⚠️ Skills truncated: included 2 of 4. Run `openclaw skills check` to audit.",
        formatSkillsPrompt(abc.slice(0, 2)),
      ].join("\n"),
    );
    expect(result.prompt).toContain("nodes.run\n⚠️ Skills truncated: included 2 of 4. ");
    expect(result.prompt).toContain("to audit.\n\n\nThe skills");
  });

  it("measures absolute paths but renders compacted ones (compaction does not help the budget)", () => {
    const personal = makeSkill("p", {
      filePath: "/home/alice/.agents/skills/p/SKILL.md",
      source: "agents-skills-personal",
    });
    const run = (chars: number) =>
      buildSkillsPrompt({
        visible: [personal],
        limits: { maxSkillsPromptChars: chars, maxSkillsInPrompt: 150 },
        homeDir: "/home/alice",
      });
    expect(skillsCatalogLength([personal])).toBe(504);
    const tight = run(500);
    expect(tight.chosen).toEqual([]);
    expect(tight.prompt).toBe(formatSkillsTruncationNote(0, 1));
    const exact = run(504);
    expect(names(exact.chosen)).toEqual(["p"]);
    expect(exact.prompt).toHaveLength(494);
    expect(exact.prompt).toContain("<location>~/.agents/skills/p/SKILL.md</location>");
    expect(exact.chosen[0]?.filePath).toBe("/home/alice/.agents/skills/p/SKILL.md");
  });

  it("gives an empty prompt for no visible skills and no note", () => {
    expect(buildSkillsPrompt({ visible: [], limits: resolveSkillPromptLimits(undefined), homeDir: "" }).prompt).toBe(
      "",
    );
  });

  it("has a 75-char truncation note for single-digit counts", () => {
    expect(formatSkillsTruncationNote(2, 3)).toHaveLength(75);
    expect(formatSkillsTruncationNote(2, 3).codePointAt(0)).toBe(0x26a0);
    expect(formatSkillsTruncationNote(2, 3).codePointAt(1)).toBe(0xfe0f);
  });
});

describe("resolveSkillPromptLimits", () => {
  it("defaults to 150 skills and 30000 chars and honours 0", () => {
    expect(resolveSkillPromptLimits(undefined)).toEqual({ maxSkillsInPrompt: 150, maxSkillsPromptChars: 30000 });
    expect(resolveSkillPromptLimits({ skills: { limits: { maxSkillsInPrompt: 0, maxSkillsPromptChars: 0 } } })).toEqual(
      {
        maxSkillsInPrompt: 0,
        maxSkillsPromptChars: 0,
      },
    );
  });
});
