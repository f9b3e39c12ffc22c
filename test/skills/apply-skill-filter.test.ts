import { describe, expect, it } from "vitest";
import {
  applySkillFilter,
  mergeSkillFilters,
  normaliseSkillFilter,
  resolveAgentSkillFilter,
} from "../../src/skills/apply-skill-filter.js";

const eligible = ["a", "b", "c"].map((name) => ({ skill: { name } }));
const names = (entries: readonly { skill: { name: string } }[]) => entries.map((entry) => entry.skill.name);

describe("applySkillFilter (spec/skills.md §7)", () => {
  it.each([
    [undefined, ["a", "b", "c"], undefined],
    [[], [], []],
    [[" b ", "zzz", ""], ["b"], ["b", "zzz"]],
    [["  "], [], []],
  ] as const)("filter %j keeps %j (normalised %j)", (filter, kept, normalised) => {
    expect(names(applySkillFilter(eligible, filter))).toEqual(kept);
    expect(normaliseSkillFilter(filter)).toEqual(normalised);
  });

  it("never adds a skill, matches names exactly and converts entries with String()", () => {
    expect(names(applySkillFilter(eligible, ["mac", "A", " b"]))).toEqual(["b"]);
    expect(names(applySkillFilter([{ skill: { name: "7" } }, { skill: { name: "  x  " } }], [7, "  x  "]))).toEqual([
      "7",
    ]);
  });
});

describe("mergeSkillFilters (spec/skills.md §7)", () => {
  it("combines the channel and agent filters", () => {
    expect(mergeSkillFilters(undefined, undefined)).toBeUndefined();
    expect(mergeSkillFilters("not a list", { skills: [] })).toBeUndefined();
    expect(mergeSkillFilters([" a ", "b"], undefined)).toEqual(["a", "b"]);
    expect(mergeSkillFilters(undefined, ["c"])).toEqual(["c"]);
    expect(mergeSkillFilters([], ["a"])).toEqual([]);
    expect(mergeSkillFilters(["a"], [])).toEqual([]);
    expect(mergeSkillFilters(["c", "a", "b"], ["a", "c"])).toEqual(["c", "a"]);
  });

  it("reads the agent filter from agents.list by id", () => {
    const config = { agents: { list: [{ id: "main", skills: ["git", " "] }, { id: "ops" }] } };
    expect(resolveAgentSkillFilter(config, "main")).toEqual(["git"]);
    expect(resolveAgentSkillFilter(config, "ops")).toBeUndefined();
    expect(resolveAgentSkillFilter(config, "missing")).toBeUndefined();
    expect(resolveAgentSkillFilter({}, "main")).toBeUndefined();
  });
});
