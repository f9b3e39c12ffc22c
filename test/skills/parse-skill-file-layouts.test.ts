import { describe, expect, it } from "vitest";
import { loaded, noFrontmatter, parseFixture, rejected, warningAt } from "./parse-skill-fixtures.js";

const only = (description: string) => ({ frontmatter: { description }, description });
const mismatch = (file: string, folder: string, name: string) =>
  warningAt(file, "name-mismatch", {
    line: 2,
    path: "name",
    expected: `the folder name ${JSON.stringify(folder)}`,
    found: JSON.stringify(name),
  });

describe("parseSkillFile on fixtures/skills: layouts of spec §4 (each file on its own)", () => {
  it("nested-skills-rerooting: every file parses; re-rooting is discovery's job", () => {
    const root = "nested-skills-rerooting/SKILL.md";
    const ignored = "Ignored, because the root is re-rooted to skills/.";
    expect(parseFixture(root)).toStrictEqual(
      loaded(root, {
        name: "ignored-root",
        description: ignored,
        frontmatter: { name: "ignored-root", description: ignored },
        warnings: [mismatch(root, "nested-skills-rerooting", "ignored-root")],
      }),
    );
    const inner = "nested-skills-rerooting/skills/inner/SKILL.md";
    const description = "The only skill after re-rooting.";
    expect(parseFixture(inner)).toStrictEqual(
      loaded(inner, { name: "inner", description, frontmatter: { name: "inner", description } }),
    );
  });

  it("base-is-skill: the root skill, a nested SKILL.md and a top-level .md named after the root", () => {
    const root = "base-is-skill/SKILL.md";
    const description = "The root is itself a skill.";
    expect(parseFixture(root)).toStrictEqual(
      loaded(root, {
        name: "rootskill",
        description,
        frontmatter: { name: "rootskill", description },
        warnings: [mismatch(root, "base-is-skill", "rootskill")],
      }),
    );
    expect(parseFixture("base-is-skill/child/SKILL.md")).toStrictEqual(
      loaded("base-is-skill/child/SKILL.md", { name: "child", ...only("A nested skill of the root skill.") }),
    );
    expect(parseFixture("base-is-skill/doc.md")).toStrictEqual(
      loaded("base-is-skill/doc.md", { name: "base-is-skill", ...only("A top-level .md with only a description.") }),
    );
  });

  it("multi-md-skill-dir: the §4.4 example, file by file", () => {
    const file = (name: string) => `multi-md-skill-dir/foo/${name}`;
    expect(parseFixture(file("SKILL.md"))).toStrictEqual(
      loaded(file("SKILL.md"), { name: "foo", ...only("The main skill file.") }),
    );
    const extra = "An extra skill in the same folder.";
    expect(parseFixture(file("EXTRA.md"))).toStrictEqual(
      loaded(file("EXTRA.md"), {
        name: "foo-extra",
        description: extra,
        frontmatter: { name: "foo-extra", description: extra },
        warnings: [mismatch(file("EXTRA.md"), "foo", "foo-extra")],
      }),
    );
    expect(parseFixture(file("README.md"))).toStrictEqual(
      rejected(file("README.md"), "missing-description", noFrontmatter),
    );
    expect(parseFixture(file("NOTES.md"))).toStrictEqual(
      loaded(file("NOTES.md"), { name: "foo", ...only("Notes without a name, so named foo.") }),
    );
    expect(parseFixture(file("sub/SKILL.md"))).toStrictEqual(
      loaded(file("sub/SKILL.md"), { name: "sub", ...only("Nested skill named after its folder.") }),
    );
  });

  it("symlink-escape: both targets are ordinary skills; the links are made by the discovery tests", () => {
    const inside = "symlink-escape/root/inside/SKILL.md";
    const escaped = "symlink-escape/outside/escaped/SKILL.md";
    const insideText = "A skill inside the root.";
    const escapedText = "Reachable only through a link that leaves the root.";
    expect(parseFixture(inside)).toStrictEqual(
      loaded(inside, {
        name: "inside",
        description: insideText,
        frontmatter: { name: "inside", description: insideText },
      }),
    );
    expect(parseFixture(escaped)).toStrictEqual(
      loaded(escaped, {
        name: "escaped",
        description: escapedText,
        frontmatter: { name: "escaped", description: escapedText },
      }),
    );
  });
});
