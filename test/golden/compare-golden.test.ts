import { describe, expect, it } from "vitest";
import { compareGolden } from "../../src/golden/compare-golden.js";

const base = { file: "golden/a.md", actual: "## Tooling\nnew" };

describe("compareGolden", () => {
  it("matches equal prompts in every mode", () => {
    for (const policy of [
      { mode: "check", ci: false },
      { mode: "update", ci: false },
      { mode: "update", ci: true },
    ] as const) {
      expect(compareGolden({ ...base, golden: base.actual, ...policy })).toEqual({
        file: "golden/a.md",
        expected: "golden/a.md",
        status: "match",
        pass: true,
        message: "system prompt matches golden/a.md",
      });
    }
  });

  it("check: a missing file fails and says how to write it", () => {
    expect(compareGolden({ ...base, golden: undefined, mode: "check", ci: false })).toEqual({
      file: "golden/a.md",
      expected: "golden/a.md",
      status: "missing",
      pass: false,
      message: "golden file golden/a.md is missing: run `claw-eval golden update` to write it",
    });
  });

  it("check: a difference fails with the section summary and diff", () => {
    const result = compareGolden({ ...base, golden: "## Tooling\nold", mode: "check", ci: false });
    expect(result).toMatchObject({ status: "mismatch", pass: false });
    expect(result.message).toBe(
      "system prompt differs from golden/a.md: 1 section differs (1 changed), ±0 tokens; run `claw-eval golden update` to accept it",
    );
    expect(result.actual).toBe(
      [
        "1 section differs (1 changed), ±0 tokens",
        "~ changed  ## Tooling  (±0 tokens)",
        "",
        "--- golden/a.md",
        "+++ system prompt",
        "@@ -1,2 +1,2 @@ ## Tooling",
        " ## Tooling",
        "-old",
        "+new",
      ].join("\n"),
    );
    expect(result.write).toBeUndefined();
  });

  it("update: writes a missing or different file, with a trailing newline", () => {
    expect(compareGolden({ ...base, golden: undefined, mode: "update", ci: false })).toMatchObject({
      status: "written",
      pass: true,
      message: "golden/a.md written",
      write: "## Tooling\nnew\n",
    });
    expect(compareGolden({ ...base, golden: "## Tooling\nold", mode: "update", ci: false })).toMatchObject({
      status: "written",
      pass: true,
      message: "golden/a.md updated: 1 section differs (1 changed), ±0 tokens",
      write: "## Tooling\nnew\n",
    });
  });

  it("CI never writes: missing and different files fail, whatever the mode", () => {
    for (const mode of ["check", "update"] as const) {
      const missing = compareGolden({ ...base, golden: undefined, mode, ci: true });
      expect(missing).toMatchObject({ status: "missing", pass: false });
      expect(missing.message).toContain("CI=true never writes golden files");
      expect(missing.write).toBeUndefined();
      const different = compareGolden({ ...base, golden: "x", mode, ci: true });
      expect(different).toMatchObject({ status: "mismatch", pass: false });
      expect(different.write).toBeUndefined();
    }
  });
});
