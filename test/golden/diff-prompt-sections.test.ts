import { describe, expect, it } from "vitest";
import { diffPromptSections } from "../../src/golden/diff-prompt-sections.js";
import { splitPromptSections } from "../../src/golden/split-prompt-sections.js";

function summarise(golden: string, actual: string) {
  return diffPromptSections(splitPromptSections(golden), splitPromptSections(actual)).map(
    ({ kind, label, tokenDelta }) => [kind, label, tokenDelta],
  );
}

describe("diffPromptSections", () => {
  it("is empty for equal prompts", () => {
    expect(summarise("id\n## Tooling\na", "id\n## Tooling\na")).toEqual([]);
  });

  it("names added, removed and changed sections in prompt order with token deltas", () => {
    const golden = ["id", "## Tooling", "a", "## Workspace", "w", "## Heartbeats", "beat beat beat", "## Runtime", "r"];
    const actual = [
      "id",
      "## Tooling",
      "a",
      "## Skills (mandatory)",
      "skills",
      "## Workspace",
      "w and more",
      "## Runtime",
      "r",
    ];
    expect(summarise(golden.join("\n"), actual.join("\n"))).toEqual([
      ["added", "## Skills (mandatory)", 7],
      ["changed", "## Workspace", 2],
      ["removed", "## Heartbeats", -7],
    ]);
  });

  it("places a removed section after its golden predecessor", () => {
    const golden = "## Tooling\nt\n## Safety\ns\n## Workspace\nw";
    const actual = "## Tooling\nT\n## Workspace\nw";
    expect(summarise(golden, actual)).toEqual([
      ["changed", "## Tooling", 0],
      ["removed", "## Safety", -3],
    ]);
  });
});
