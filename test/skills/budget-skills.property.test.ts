// Guards against skill catalogs over the count or char budget, a chosen set that is not the longest fitting prefix (binary-search off-by-one), fewer skills chosen under a larger budget, and a length model that drifts from the rendered catalog.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { budgetSkills, type SkillPromptLimits, skillsCatalogLength } from "../../src/skills/budget-skills.js";
import { formatSkillsPrompt } from "../../src/skills/format-skills-prompt.js";
import type { Skill } from "../../src/skills/skill-types.js";
import { assertProperty } from "../support/assert-property.js";
import { makeSkill } from "./skill-fixtures.js";

const text = (maxLength: number) =>
  fc.string({ unit: fc.constantFrom("a", "b", "-", " ", "&", "<", ">", '"', "'", "é", "⚠"), maxLength });

const skillArbitrary = fc
  .record({ name: text(12), description: text(60), folder: text(10) })
  .map(({ name, description, folder }) => makeSkill(name, { description, filePath: `/w/skills/${folder}/SKILL.md` }));

const skillsArbitrary = fc.array(skillArbitrary, { maxLength: 25 });
const limitsArbitrary: fc.Arbitrary<SkillPromptLimits> = fc.record({
  maxSkillsInPrompt: fc.integer({ min: -2, max: 30 }),
  maxSkillsPromptChars: fc.integer({ min: -10, max: 4000 }),
});

/** The §9.1 rule without binary search: take skills while the catalog still fits. */
function linearReference(visible: readonly Skill[], limits: SkillPromptLimits): Skill[] {
  const byCount = visible.slice(0, Math.max(0, limits.maxSkillsInPrompt));
  if (skillsCatalogLength(byCount) <= limits.maxSkillsPromptChars) return byCount;
  const chosen: Skill[] = [];
  for (const skill of byCount) {
    if (skillsCatalogLength([...chosen, skill]) > limits.maxSkillsPromptChars) break;
    chosen.push(skill);
  }
  return chosen;
}

describe("budgetSkills properties", () => {
  it("never exceeds the count limit or the char budget, and the rendered catalog fits too", () => {
    assertProperty(
      fc.property(skillsArbitrary, limitsArbitrary, (visible, limits) => {
        const { chosen } = budgetSkills(visible, limits);
        expect(chosen.length).toBeLessThanOrEqual(Math.max(0, limits.maxSkillsInPrompt));
        if (chosen.length > 0) {
          expect(skillsCatalogLength(chosen)).toBeLessThanOrEqual(limits.maxSkillsPromptChars);
          expect(formatSkillsPrompt(chosen).length).toBeLessThanOrEqual(limits.maxSkillsPromptChars);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("chooses the longest fitting prefix: adding the next skill would not fit", () => {
    assertProperty(
      fc.property(skillsArbitrary, limitsArbitrary, (visible, limits) => {
        const { chosen, truncated } = budgetSkills(visible, limits);
        expect(chosen).toEqual(visible.slice(0, chosen.length));
        expect(truncated).toBe(
          chosen.length < visible.length || (visible.length === 0 && limits.maxSkillsPromptChars < 0),
        );
        const next = visible.slice(0, chosen.length + 1);
        if (chosen.length < Math.min(visible.length, Math.max(0, limits.maxSkillsInPrompt))) {
          expect(skillsCatalogLength(next)).toBeGreaterThan(limits.maxSkillsPromptChars);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("equals a linear-scan reference", () => {
    assertProperty(
      fc.property(skillsArbitrary, limitsArbitrary, (visible, limits) => {
        expect(budgetSkills(visible, limits).chosen).toEqual(linearReference(visible, limits));
      }),
      { numRuns: 300 },
    );
  });

  it("never includes fewer skills under a larger budget or count limit", () => {
    assertProperty(
      fc.property(
        skillsArbitrary,
        limitsArbitrary,
        fc.nat({ max: 3000 }),
        fc.nat({ max: 10 }),
        (visible, limits, moreChars, moreSkills) => {
          const base = budgetSkills(visible, limits).chosen.length;
          const larger = budgetSkills(visible, {
            maxSkillsInPrompt: limits.maxSkillsInPrompt + moreSkills,
            maxSkillsPromptChars: limits.maxSkillsPromptChars + moreChars,
          }).chosen.length;
          expect(larger).toBeGreaterThanOrEqual(base);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("models the rendered catalog length exactly (§9.2)", () => {
    assertProperty(
      fc.property(skillsArbitrary, (skills) => {
        expect(formatSkillsPrompt(skills).length).toBe(skillsCatalogLength(skills));
      }),
      { numRuns: 300 },
    );
  });
});
