import { describe, expect, it } from "vitest";
import { compactHomePath, compactSkillPaths } from "../../src/skills/compact-skill-paths.js";
import { makeSkill } from "./skill-fixtures.js";

describe("compactSkillPaths (spec/skills.md §10)", () => {
  it.each([
    ["/home/alice", "/home/alice/.agents/skills/git/SKILL.md", "~/.agents/skills/git/SKILL.md"],
    ["/home/alice/", "/home/alice/.openclaw/skills/m/SKILL.md", "~/.openclaw/skills/m/SKILL.md"],
    ["/home/alice", "/home/alice2/skills/q/SKILL.md", "/home/alice2/skills/q/SKILL.md"],
    ["/home/alice", "/w/skills/a/SKILL.md", "/w/skills/a/SKILL.md"],
    ["/", "/w/skills/a/SKILL.md", "~/w/skills/a/SKILL.md"],
    ["/home/alice", "/home/alice/shared-skills/s/SKILL.md", "~/shared-skills/s/SKILL.md"],
    ["", "/home/alice/.agents/skills/git/SKILL.md", "/home/alice/.agents/skills/git/SKILL.md"],
    ["C:\\Users\\a", "C:\\Users\\a\\.agents\\skills\\x\\SKILL.md", "~/.agents\\skills\\x\\SKILL.md"],
    ["C:\\Users\\a", "C:\\Users\\ab\\skills\\x\\SKILL.md", "C:\\Users\\ab\\skills\\x\\SKILL.md"],
  ])("home %j: %s → %s", (home, filePath, location) => {
    expect(compactHomePath(filePath, home)).toBe(location);
  });

  it("changes only filePath and leaves the input untouched", () => {
    const skill = makeSkill("git", { filePath: "/home/alice/.agents/skills/git/SKILL.md" });
    const [compacted] = compactSkillPaths([skill], "/home/alice");
    expect(compacted).toEqual({ ...skill, filePath: "~/.agents/skills/git/SKILL.md" });
    expect(skill.filePath).toBe("/home/alice/.agents/skills/git/SKILL.md");
  });
});
