import { describe, expect, it } from "vitest";
import { stripInvalidXmlCharacters } from "../../src/reporters/escape-markup.js";
import { renderJunitReport } from "../../src/reporters/render-junit-report.js";
import { buildExpectationResult, buildRunResult, buildTurnResult, buildUnitResult } from "../support/build-results.js";

function count(xml: string, pattern: RegExp): number {
  return xml.match(pattern)?.length ?? 0;
}

describe("renderJunitReport", () => {
  it("renders one suite per scenario file and one case per unit", () => {
    const result = buildRunResult([
      buildUnitResult({ scenarioId: "api", repeat: 0 }),
      buildUnitResult({ scenarioId: "api", repeat: 1, status: "failed" }),
      buildUnitResult({ scenarioId: "beat", status: "errored" }),
      buildUnitResult({ scenarioId: "beat", repeat: 1, status: "skipped" }),
    ]);
    expect(renderJunitReport(result)).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="claw-eval run-1" tests="4" failures="1" errors="1" skipped="1" time="4.800">
  <testsuite name="api" tests="2" failures="1" errors="0" skipped="0" time="2.400" timestamp="2026-03-11T09:00:00.000Z">
    <testcase classname="api" name="api scenario [scripted] ~1" file="scenarios/api.yaml" time="1.200"/>
    <testcase classname="api" name="api scenario [scripted] ~2" file="scenarios/api.yaml" time="1.200">
      <failure message="reply does not contain GraphQL" type="expectation">turn 1: reply does not contain GraphQL (reply-contains at scenarios/api.yaml:12:9)
  expected: GraphQL
  actual: We chose REST.</failure>
    </testcase>
  </testsuite>
  <testsuite name="beat" tests="2" failures="0" errors="1" skipped="1" time="2.400" timestamp="2026-03-11T09:00:00.000Z">
    <testcase classname="beat" name="beat scenario [scripted] ~1" file="scenarios/beat.yaml" time="1.200">
      <error message="model call failed: 500 server error" type="error">model call failed: 500 server error</error>
    </testcase>
    <testcase classname="beat" name="beat scenario [scripted] ~2" file="scenarios/beat.yaml" time="1.200">
      <skipped message="skipped by --bail"/>
    </testcase>
  </testsuite>
</testsuites>
`);
  });

  it("escapes markup characters and drops control characters", () => {
    const expectation = buildExpectationResult({
      pass: false,
      message: `reply <b> & "quotes" 'single'\u0000\u001b[31m`,
      expected: "a < b && c > d\u0007",
      actual: "line one\nline two ]]>",
    });
    const unit = buildUnitResult(
      { scenarioId: "x&y", status: "failed" },
      { scenarioName: `say "hi" <there>`, turns: [buildTurnResult({ expectations: [expectation] })] },
    );
    const xml = renderJunitReport(buildRunResult([unit]));
    expect(xml).toContain(`name="say &quot;hi&quot; &lt;there&gt; [scripted] ~1"`);
    expect(xml).toContain(`classname="x&amp;y"`);
    expect(xml).toContain(`<failure message="reply &lt;b&gt; &amp; &quot;quotes&quot; &apos;single&apos;[31m"`);
    expect(xml).toContain("expected: a &lt; b &amp;&amp; c &gt; d\n");
    expect(xml).toContain("actual: line one\n    line two ]]&gt;</failure>");
    const controls = [...xml].filter((character) => character < " " && !"\t\n\r".includes(character));
    expect(controls).toEqual([]);
  });

  it("keeps line breaks in attributes as character references", () => {
    const unit = buildUnitResult({ status: "errored" }, { error: "first\nsecond" });
    const xml = renderJunitReport(buildRunResult([unit]));
    expect(xml).toContain(`<error message="first&#10;second" type="error">first\nsecond</error>`);
  });

  it("counts every unit once in the totals", () => {
    const units = [0, 1, 2].map((repeat) =>
      buildUnitResult({ repeat, status: repeat === 2 ? "interrupted" : "passed" }),
    );
    const xml = renderJunitReport(buildRunResult(units));
    expect(count(xml, /<testcase /g)).toBe(3);
    expect(count(xml, /<skipped /g)).toBe(1);
    expect(xml).toContain(
      `<testsuites name="claw-eval run-1" tests="3" failures="0" errors="0" skipped="1" time="3.600">`,
    );
  });
});

describe("stripInvalidXmlCharacters", () => {
  it("drops lone surrogates and non-characters but keeps tabs, line breaks and astral characters", () => {
    expect(stripInvalidXmlCharacters("a\uD800b\uFFFEc\t\r\n\u{1F600}\u0001")).toBe("abc\t\r\n\u{1F600}");
  });
});
