// Guards against skill merging whose winner depends on discovery order rather than source precedence (e.g. the last source wins), a winner placed at the wrong position (not its name's first occurrence in tier order), names lost in the merge, and overridden entries that are miscounted, misordered or name the wrong winner.
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

/** Index swaps applied to the groups: the discovery order. */
const swapsArbitrary = fc.array(fc.nat(), { maxLength: 8 });

type Group = { source: SkillSource; skills: Skill[] };

function toGroups(raw: { source: SkillSource; names: string[] }[]): Group[] {
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

function shuffle<T>(items: readonly T[], swaps: readonly number[]): T[] {
  const shuffled = [...items];
  for (const [index, swap] of swaps.entries()) {
    if (shuffled.length < 2) break;
    const a = index % shuffled.length;
    const b = swap % shuffled.length;
    [shuffled[a], shuffled[b]] = [shuffled[b] as T, shuffled[a] as T];
  }
  return shuffled;
}

/**
 * The documented rule restated: walk groups by tier (given order within a tier); a name sits
 * where it first occurs in that walk and takes its last occurrence; each loser is displaced
 * when the next skill of its name is reached.
 */
function referenceMerge(groups: readonly Group[]) {
  const tier = (group: Group) => SKILL_SOURCE_PRECEDENCE.indexOf(group.source);
  const walk = groups
    .map((group, index) => ({ group, index }))
    .sort((a, b) => tier(a.group) - tier(b.group) || a.index - b.index)
    .flatMap(({ group }) => group.skills);
  const names = [...new Set(walk.map((skill) => skill.name))];
  const winnerOf = (name: string) => walk.findLast((skill) => skill.name === name) as Skill;
  const displacedAt = (at: number) => walk.findIndex((skill, index) => index > at && skill.name === walk[at]?.name);
  const losers = walk
    .map((skill, at) => ({ skill, at: displacedAt(at) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at);
  return {
    skills: names.map(winnerOf).map((skill) => skill.filePath),
    overridden: losers.map(({ skill }) => `${skill.filePath} -> ${winnerOf(skill.name).filePath}`),
  };
}

describe("merge precedence (property)", () => {
  it("each name's winner comes from the highest-precedence source holding it, whatever the discovery order", () => {
    assertProperty(
      fc.property(groupsArbitrary, swapsArbitrary, (raw, swaps) => {
        const groups = toGroups(raw);
        const merged = mergeSkillsWithOverrides(shuffle(groups, swaps));
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

  it("winners, their positions and the displaced losers equal the documented rule's, whatever the discovery order", () => {
    assertProperty(
      fc.property(groupsArbitrary, swapsArbitrary, (raw, swaps) => {
        const shuffled = shuffle(toGroups(raw), swaps);
        const merged = mergeSkillsWithOverrides(shuffled);
        expect({
          skills: merged.skills.map((skill) => skill.filePath),
          overridden: merged.overridden.map((loser) => `${loser.path} -> ${loser.winnerPath}`),
        }).toEqual(referenceMerge(shuffled));
      }),
      { numRuns: 300 },
    );
  });

  it("overriding an existing name from the top tier replaces that slot only: every name keeps its position", () => {
    assertProperty(
      fc.property(groupsArbitrary, swapsArbitrary, fc.nat(), (raw, swaps, pick) => {
        const groups = shuffle(toGroups(raw), swaps);
        const before = mergeSkillsWithOverrides(groups).skills;
        const target = before[pick % Math.max(before.length, 1)];
        if (target === undefined) return;
        const top = SKILL_SOURCE_PRECEDENCE[SKILL_SOURCE_PRECEDENCE.length - 1] as SkillSource;
        const override: Skill = { ...target, source: top, filePath: "/override/SKILL.md", baseDir: "/override" };
        const after = mergeSkillsWithOverrides([...groups, { source: top, skills: [override] }]).skills;
        expect(after).toEqual(before.map((skill) => (skill.name === target.name ? override : skill)));
      }),
      { numRuns: 300 },
    );
  });
});
