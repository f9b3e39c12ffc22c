import { describe, expect, it } from "vitest";
import {
  escapeGithubData,
  escapeGithubProperty,
  formatGithubAnnotations,
} from "../../src/reporters/format-github-annotations.js";
import { buildExpectationResult, buildRunResult, buildTurnResult, buildUnitResult } from "../support/build-results.js";

describe("GitHub workflow command escaping", () => {
  it("escapes %, CR and LF in messages, and also : and , in properties", () => {
    expect(escapeGithubData("50% done\r\nnext: a, b")).toBe("50%25 done%0D%0Anext: a, b");
    expect(escapeGithubProperty("50% done\r\nnext: a, b")).toBe("50%25 done%0D%0Anext%3A a%2C b");
  });

  it("escapes % first, so an escape sequence in the text survives a round trip", () => {
    expect(escapeGithubData("%0A")).toBe("%250A");
    expect(escapeGithubProperty("%3A:")).toBe("%253A%3A");
  });
});

describe("formatGithubAnnotations", () => {
  it("prints one ::error per failed or errored unit, at its first failed expectation's line", () => {
    const units = [
      buildUnitResult({ scenarioId: "api" }),
      buildUnitResult({ scenarioId: "api", repeat: 1, status: "failed" }),
      buildUnitResult({ scenarioId: "beat", status: "errored" }),
      buildUnitResult({ scenarioId: "beat", repeat: 1, status: "skipped" }),
    ];
    expect(formatGithubAnnotations(buildRunResult(units))).toBe(
      [
        "::error file=scenarios/api.yaml,line=12,title=api@scripted#r1 failed::turn 1 reply-contains: reply does not contain GraphQL",
        "::error file=scenarios/beat.yaml,title=beat@scripted#r0 errored::model call failed: 500 server error",
        "",
      ].join("\n"),
    );
  });

  it("uses the failing turn's line when no expectation failed, and escapes the message and title", () => {
    const turn = buildTurnResult({
      expectations: [],
      error: "model scripted: boom\nsecond line, 100%",
      location: { file: "scenarios/a, b.yaml", line: 7, column: 5 },
    });
    const unit = buildUnitResult(
      { scenarioId: "a", status: "errored" },
      { turns: [turn], unitId: "a:b@scripted~1", file: "scenarios/a, b.yaml", error: undefined },
    );
    expect(formatGithubAnnotations(buildRunResult([unit]))).toBe(
      "::error file=scenarios/a%2C b.yaml,line=7,title=a%3Ab@scripted~1 errored::turn 1: model scripted: boom%0Asecond line, 100%25\n",
    );
  });

  it("lists every failure of the unit and its injected faults in the message", () => {
    const failed = (message: string, line: number) =>
      buildExpectationResult({ pass: false, message, location: { file: "s.yaml", line, column: 1 } });
    const turn = buildTurnResult({
      expectations: [failed("first", 20), failed("second", 30)],
      events: [{ type: "fault_injected", kind: "empty", attempt: 1, runId: "r", sessionKey: "agent:main:main" }],
    });
    const unit = buildUnitResult({ status: "failed" }, { turns: [turn] });
    expect(formatGithubAnnotations(buildRunResult([unit]))).toBe(
      "::error file=scenarios/api.yaml,line=20,title=api@scripted#r0 failed::turn 1 reply-contains: first%0Aturn 1 reply-contains: second%0Aturn 1 fault injected: empty (attempt 1)\n",
    );
  });

  it("prints nothing when no unit failed", () => {
    expect(formatGithubAnnotations(buildRunResult([buildUnitResult()]))).toBe("");
  });
});
