// Guards against skill merging whose winner depends on discovery order rather than source precedence, names lost in the merge, and overridden entries that are miscounted or name the wrong winner.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeSkillsWithOverrides, SKILL_SOURCE_PRECEDENCE } from "../../src/skills/merge-skills.js";
import type { Skill, SkillSource } from "../../src/skills/skill-types.js";
import { assertProperty } from "../support/assert-property.js";

/** Groups (one per source, maybe several extra roots) of skills with names from a small alphabet. */
const groupsArbitrary = fc.array(
  fc.record({
    source: fc.constantFrom(...SKILL_SOURCE_PRECEDENCE),
    names: fc.array(fc.constantFrom("a", "b", "c", "d", "A", "e f"), { maxLength: 5 }),
  }),
  { maxLength: 8 },
);

function toGroups(raw: { source: SkillSource; names: string[] }[]) {
  return raw.map((group, groupIndex) => ({
    source: group.source,
    skills: group.names.map(
      (name, index): Skill => ({
        name,
        description: "d",
        filePath: `/${groupIndex}/${index}/SKILL.md`,
        baseDir: `/${groupIndex}/${index}`,
        source: group.source,
        disableModelInvocation: false,
      }),
    ),
  }));
}

describe("merge precedence (property)", () => {
  it("each name's winner comes from the highest-precedence source holding it, whatever the discovery order", () => {
    assertProperty(
      fc.property(groupsArbitrary, fc.array(fc.nat(), { maxLength: 8 }), (raw, swaps) => {
        const groups = toGroups(raw);
        const shuffled = [...groups];
        for (const [index, swap] of swaps.entries()) {
          if (shuffled.length < 2) break;
          const a = index % shuffled.length;
          const b = swap % shuffled.length;
          [shuffled[a], shuffled[b]] = [shuffled[b]!, shuffled[a]!];
        }
        const merged = mergeSkillsWithOverrides(shuffled);
        const names = new Set(groups.flatMap((group) => group.skills.map((skill) => skill.name)));
        expect(merged.skills.map((skill) => skill.name).sort()).toEqual([...names].sort());
        for (const winner of merged.skills) {
          const holders = groups.filter((group) => group.skills.some((skill) => skill.name === winner.name));
          const best = Math.max(...holders.map((group) => SKILL_SOURCE_PRECEDENCE.indexOf(group.source)));
          expect(SKILL_SOURCE_PRECEDENCE.indexOf(winner.source)).toBe(best);
        }
        const total = groups.reduce((sum, group) => sum + group.skills.length, 0);
        expect(merged.overridden.length).toBe(total - merged.skills.length);
        for (const loser of merged.overridden) {
          const winner = merged.skills.find((skill) => skill.name === loser.name);
          expect([loser.winnerSource, loser.winnerPath]).toEqual([winner?.source, winner?.filePath]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
