import { describe, expect, it } from "vitest";
import { escapeXml } from "../../src/skills/escape-xml.js";
import {
  formatSkillsCatalog,
  formatSkillsPrompt,
  SKILL_BLOCK_FIXED_CHARS,
  SKILLS_CATALOG_OVERHEAD_CHARS,
  SKILLS_PREAMBLE_LINES,
} from "../../src/skills/format-skills-prompt.js";
import { makeSkill } from "./skill-fixtures.js";

const [p1, p2, p3] = SKILLS_PREAMBLE_LINES;

describe("formatSkillsPrompt (spec/skills.md §11)", () => {
  it("renders nothing for no skills", () => {
    expect(formatSkillsPrompt([])).toBe("");
  });

  it("renders the exact XML layout: two leading newlines, preamble, empty line, indented blocks, no trailing newline", () => {
    const text = formatSkillsPrompt([makeSkill("a"), makeSkill("b", { description: "Second." })]);
    expect(text).toBe(
      [
        `\n\n${p1}`,
        p2,
        p3,
        "",
        "<available_skills>",
        "  <skill>",
        "    <name>a</name>",
        "    <description>d</description>",
        "    <location>/w/skills/a/SKILL.md</location>",
        "  </skill>",
        "  <skill>",
        "    <name>b</name>",
        "    <description>Second.</description>",
        "    <location>/w/skills/b/SKILL.md</location>",
        "  </skill>",
        "</available_skills>",
      ].join("\n"),
    );
  });

  it("escapes & < > \" ' in names, descriptions and locations", () => {
    const text = formatSkillsPrompt([
      makeSkill("a&b<c>", { description: `Use "q" & 'a'`, filePath: "/w/skills/<x>&'y'/SKILL.md" }),
    ]);
    expect(text).toContain("<name>a&amp;b&lt;c&gt;</name>");
    expect(text).toContain("<description>Use &quot;q&quot; &amp; &apos;a&apos;</description>");
    expect(text).toContain("<location>/w/skills/&lt;x&gt;&amp;&apos;y&apos;/SKILL.md</location>");
  });

  it("escapes an existing entity again (& first)", () => {
    expect(escapeXml("&amp; &lt;")).toBe("&amp;amp; &amp;lt;");
  });

  it("keeps names and descriptions verbatim otherwise (no trimming)", () => {
    expect(formatSkillsPrompt([makeSkill("  spaced  ", { description: "  padded  " })])).toContain(
      "    <name>  spaced  </name>\n    <description>  padded  </description>",
    );
  });
});

describe("catalog constants (spec/skills.md §9.2)", () => {
  it("has a 324-char preamble, a 368-char empty frame and 97 fixed chars per block", () => {
    expect(SKILLS_PREAMBLE_LINES.join("")).toHaveLength(324);
    expect(SKILLS_PREAMBLE_LINES.every((line) => !line.includes("\n"))).toBe(true);
    expect(SKILLS_CATALOG_OVERHEAD_CHARS).toBe(368);
    expect(formatSkillsCatalog([])).toBe(`\n\n${p1}\n${p2}\n${p3}\n\n<available_skills>\n</available_skills>`);
    expect(SKILL_BLOCK_FIXED_CHARS).toBe(97);
  });
});
