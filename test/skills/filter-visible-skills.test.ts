import { describe, expect, it } from "vitest";
import { filterVisibleSkills, isHiddenFromModel } from "../../src/skills/filter-visible-skills.js";
import { parseSkillFile } from "../../src/skills/parse-skill-file.js";
import type { SkillEntry } from "../../src/skills/skill-types.js";

function entry(name: string, line?: string): SkillEntry {
  const text = `---\nname: ${name}\ndescription: d\n${line === undefined ? "" : `${line}\n`}---\n`;
  const parsed = parseSkillFile(text, `/w/skills/${name}/SKILL.md`, name);
  if (!parsed.skill || !parsed.entry) throw new Error(`fixture ${name} did not parse`);
  return { ...parsed.entry, skill: parsed.skill };
}

describe("filterVisibleSkills (spec/skills.md §8)", () => {
  it("hides disable-model-invocation true, yes, on and 1, keeping the rest in order", () => {
    const entries = [
      entry("plain"),
      entry("yaml-true", "disable-model-invocation: true"),
      entry("yes", "disable-model-invocation: yes"),
      entry("on", "disable-model-invocation: on"),
      entry("one", "disable-model-invocation: 1"),
      entry("no", "disable-model-invocation: no"),
      entry("false", "disable-model-invocation: false"),
      entry("other", "disable-model-invocation: maybe"),
    ];
    expect(filterVisibleSkills(entries).map((skill) => skill.name)).toEqual(["plain", "no", "false", "other"]);
    expect(entries.filter(isHiddenFromModel).map((e) => e.skill.name)).toEqual(["yaml-true", "yes", "on", "one"]);
  });

  it("returns the entries' own skill objects", () => {
    const only = entry("a");
    expect(filterVisibleSkills([only])[0]).toBe(only.skill);
  });
});
