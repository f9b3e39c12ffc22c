import { describe, expect, it } from "vitest";
import { formatGoldenDiff } from "../../src/golden/format-golden-diff.js";

const GOLDEN = [
  "You are a personal assistant running inside OpenClaw.",
  "## Tooling",
  "- read",
  "## Workspace",
  "Your working directory is: <workspace>",
  "Treat this directory as the one workspace.",
  "# Project Context",
  "Files follow.",
  "## <workspace>/SOUL.md",
  "# SOUL",
  "Be kind.",
  "Be brief.",
  "## Heartbeats",
  "Reply HEARTBEAT_OK.",
  "## Runtime",
  "Runtime: thinking=off",
].join("\n");

describe("formatGoldenDiff", () => {
  it("shows a per-section summary, then a unified diff of the changed sections only", () => {
    const actual = GOLDEN.replace("Be kind.", "Be kind, always.")
      .replace("## Heartbeats\nReply HEARTBEAT_OK.\n", "")
      .replace("## Workspace", "## Skills (mandatory)\n<available_skills></available_skills>\n## Workspace");
    const diff = formatGoldenDiff({ file: "golden/soul.md", golden: GOLDEN, actual });
    expect(diff.text).toBe(
      [
        "3 sections differ (1 changed, 1 added, 1 removed), +8 tokens",
        "+ added  ## Skills (mandatory)  (+15 tokens)",
        "~ changed  ## <workspace>/SOUL.md  (+2 tokens)",
        "- removed  ## Heartbeats  (-9 tokens)",
        "",
        "--- golden/soul.md",
        "+++ system prompt",
        "@@ -9,4 +11,4 @@ ## <workspace>/SOUL.md",
        " ## <workspace>/SOUL.md",
        " # SOUL",
        "-Be kind.",
        "+Be kind, always.",
        " Be brief.",
      ].join("\n"),
    );
    expect(diff.changes.map((change) => change.kind)).toEqual(["added", "changed", "removed"]);
  });

  it("keeps line numbers of the whole files and labels the new side", () => {
    const golden = ["## Tooling", ...Array.from({ length: 12 }, (_, index) => `line ${index + 1}`)].join("\n");
    const actual = golden.replace("line 10", "line ten");
    expect(formatGoldenDiff({ file: "g.md", golden, actual, actualLabel: "system prompt of u, turn 1" }).patch).toBe(
      [
        "--- g.md",
        "+++ system prompt of u, turn 1",
        "@@ -8,6 +8,6 @@ ## Tooling",
        " line 7",
        " line 8",
        " line 9",
        "-line 10",
        "+line ten",
        " line 11",
        " line 12",
      ].join("\n"),
    );
  });

  it("diffs the whole prompt when only the order of sections changed", () => {
    const golden = "# Project Context\n## /w/A.md\na\n## /w/B.md\nb";
    const actual = "# Project Context\n## /w/B.md\nb\n## /w/A.md\na";
    const diff = formatGoldenDiff({ file: "g.md", golden, actual });
    expect(diff.summary).toBe("the same sections, in a different order");
    expect(diff.patch).toContain("@@ -1,5 +1,5 @@\n # Project Context\n");
  });

  it("says so when there is no difference", () => {
    expect(formatGoldenDiff({ file: "g.md", golden: "x", actual: "x" })).toEqual({
      changes: [],
      summary: "no differences",
      patch: "",
      text: "no differences",
    });
  });
});
