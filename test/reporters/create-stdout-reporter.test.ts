import { describe, expect, it } from "vitest";
import { createStdoutReporter } from "../../src/reporters/create-stdout-reporter.js";
import type { ReporterName } from "../../src/reporters/reporter-names.js";
import { DEFAULT_REPORTERS, defaultReporters } from "../../src/reporters/reporter-names.js";
import { buildRunResult, buildUnitResult } from "../support/build-results.js";

function play(reporters: ReporterName[], env: Record<string, string> = {}, command?: string): string | undefined {
  const chunks: string[] = [];
  const host = { stdout: (text: string) => chunks.push(text), env, isInteractive: false };
  const reporter = createStdoutReporter({ reporters, host, ...(command === undefined ? {} : { command }) });
  if (reporter === undefined) return undefined;
  const units = [buildUnitResult(), buildUnitResult({ repeat: 1, status: "failed" })];
  const result = buildRunResult(units);
  reporter.onRunStart({ runId: result.runId, total: units.length });
  for (const unit of units) reporter.onUnitEnd(unit, { done: 1, total: 2, passed: 0, failed: 0, errored: 0 });
  reporter.onRunEnd(result);
  return chunks.join("");
}

describe("defaultReporters", () => {
  it("adds github under GitHub Actions only", () => {
    expect(defaultReporters({})).toEqual([...DEFAULT_REPORTERS]);
    expect(defaultReporters({ GITHUB_ACTIONS: "false" })).toEqual([...DEFAULT_REPORTERS]);
    expect(defaultReporters({ GITHUB_ACTIONS: "true" })).toEqual([...DEFAULT_REPORTERS, "github"]);
    expect(DEFAULT_REPORTERS).not.toContain("dot");
  });
});

describe("createStdoutReporter", () => {
  it("is undefined when only file reporters are selected", () => {
    expect(play(["json", "junit", "markdown", "html"])).toBeUndefined();
  });

  it("plays the selected stdout reporters in order: the console summary, then the annotations", () => {
    const output = play(["github", "console", "json"]) ?? "";
    expect(output.startsWith("claw-eval run run-1: 2 units\n")).toBe(true);
    expect(output.indexOf("1 passed, 1 failed\n")).toBeLessThan(output.indexOf("::error "));
    expect(output.endsWith("reply does not contain GraphQL\n")).toBe(true);
  });

  it("names the command in the console's first line", () => {
    expect(play(["console"], {}, "compare")?.startsWith("claw-eval compare run-1: 2 units\n")).toBe(true);
  });

  it("decides colour from the env: FORCE_COLOR colours output that is not a terminal", () => {
    expect(play(["console"])).not.toContain("\u001b[");
    expect(play(["console"], { FORCE_COLOR: "1" })).toContain("\u001b[31m");
    expect(play(["dot"], { FORCE_COLOR: "1" })?.startsWith("\u001b[32m.\u001b[39m")).toBe(true);
  });
});
