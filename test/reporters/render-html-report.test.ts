import { describe, expect, it } from "vitest";
import { renderHtmlReport } from "../../src/reporters/render-html-report.js";
import { buildExpectationResult, buildRunResult, buildTurnResult, buildUnitResult } from "../support/build-results.js";

describe("renderHtmlReport", () => {
  it("renders a self-contained page with escaped transcripts", () => {
    const failed = buildExpectationResult({
      pass: false,
      message: "no <match>",
      expected: "a & b",
      actual: "<script>",
    });
    const unit = buildUnitResult(
      { status: "failed" },
      { turns: [buildTurnResult({ input: "<b>hi</b>", reply: 'it\'s "fine"', expectations: [failed] })] },
    );
    const html = renderHtmlReport(buildRunResult([unit, buildUnitResult({ repeat: 1 })]));
    expect(html.startsWith("<!doctype html>\n")).toBe(true);
    expect(html).toContain("<pre>&lt;b&gt;hi&lt;/b&gt;</pre>");
    expect(html).toContain("<pre>it&apos;s &quot;fine&quot;</pre>");
    expect(html).toContain("<pre>&lt;script&gt;</pre>");
    expect(html).toContain("no &lt;match&gt;");
    expect(html).not.toContain("<script");
    expect(html).not.toMatch(/(src|href)=/);
    expect(html).toContain('<details open><summary><span class="failed">failed</span> api@scripted#r0');
    expect(html).toContain("<td>scripted</td><td>1</td><td>1</td>");
  });
});
