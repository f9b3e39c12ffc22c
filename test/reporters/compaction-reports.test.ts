import { describe, expect, it } from "vitest";
import type { AgentEvent, CompactionAudit, RunResult, UnitResult } from "../../src/domain/index.js";
import { createConsoleReporter } from "../../src/reporters/console-reporter.js";
import { renderHtmlReport } from "../../src/reporters/render-html-report.js";
import { parseRunResult, renderJsonReport } from "../../src/reporters/render-json-report.js";
import { renderMarkdownReport } from "../../src/reporters/render-markdown-report.js";
import { checkOne } from "../expectations/check-one.js";
import {
  buildAudit,
  compactedTurn,
  compactedUnit,
  lostIdentifier,
  PASSING_STRUCTURE,
  prunedEvent,
} from "../runner/compaction-results.js";
import { buildRunResult, buildUnitResult } from "../support/build-results.js";
import { located } from "../support/build-turn.js";

/** The spec's worked examples: 6 of 7 identifiers kept (the timeout lost), 180 500 → 20 600 tokens. */
const worked: CompactionAudit = buildAudit(
  { before: 7, kept: 6 },
  {
    lost: [lostIdentifier("number-unit", "30 s")],
    tokensBefore: 180_500,
    tokensAfter: 20_600,
    reductionRatio: 1 - 20_600 / 180_500,
  },
);

function consoleOutput(result: RunResult): string {
  const chunks: string[] = [];
  const reporter = createConsoleReporter({ write: (text) => chunks.push(text), interactive: false, color: false });
  reporter.onRunEnd(result);
  return chunks.join("");
}

function tableLine(output: string, label: string): string {
  return output.split("\n").find((line) => line.startsWith(`│ ${label} `)) ?? "";
}

const options = (models: string[]) => ({ paths: ["scenarios"], models, concurrency: 1, bail: false });

describe("compactions in run reports", () => {
  it("the console table gains a preservation column only when a unit compacted", () => {
    const units = [
      compactedUnit({ model: "a", scenarioId: "s1" }, [worked]),
      compactedUnit({ model: "a", scenarioId: "s2" }, []),
      compactedUnit({ model: "b", scenarioId: "s1" }, [buildAudit({ before: 0, kept: 0 })]),
      compactedUnit({ model: "c", scenarioId: "s1" }, []),
    ];
    const output = consoleOutput(buildRunResult(units, { options: options(["a", "b", "c"]) }));
    expect(output).toContain("│ Preservation │");
    expect(tableLine(output, "a")).toMatch(/│ +86% \(6\/7\) │$/);
    expect(tableLine(output, "b")).toMatch(/│ +n\/a │$/);
    expect(tableLine(output, "c")).toMatch(/│ +│$/);
    expect(tableLine(output, "total")).toMatch(/│ +86% \(6\/7\) │$/);
    expect(consoleOutput(buildRunResult([buildUnitResult()]))).not.toContain("Preservation");
  });

  it("the preservation cell averages per-unit means, each unit once", () => {
    const units = [
      compactedUnit({ scenarioId: "s1" }, [buildAudit({ before: 4, kept: 4 }), buildAudit({ before: 4, kept: 2 })]),
      compactedUnit({ scenarioId: "s2" }, [buildAudit({ before: 2, kept: 1 })]),
    ];
    // Units: 0.75 and 0.5 → 63%; identifiers kept 7 of 10 over the compactions.
    expect(tableLine(consoleOutput(buildRunResult(units)), "scripted")).toMatch(/│ +63% \(7\/10\) │$/);
  });

  it("the console failure listing names the lost identifiers by class", async () => {
    const end: AgentEvent = {
      runId: "run-1",
      sessionKey: "agent:main:scenario",
      type: "compaction_end",
      trigger: "threshold",
      ok: true,
      compacted: true,
      tokensBefore: 180_500,
      tokensAfter: 20_600,
    };
    const events = [end, ...compactedTurn([worked]).events];
    const failed = await checkOne(located({ type: "compaction", triggered: true, identifiersPreserved: 0.9 }), {
      result: { events },
    });
    const unit = buildUnitResult(
      { status: "failed" },
      { turns: [compactedTurn([], { events, expectations: [failed] })] },
    );
    const output = consoleOutput(buildRunResult([unit]));
    expect(output).toContain(
      'turn 1 compaction: expected a compaction with identifiers preserved ≥ 0.9, but the compaction kept 6/7 identifiers (0.857 < 0.9), lost number-unit: "30 s"',
    );
  });

  it("summary.md lists every compaction and the pruning mechanisms per unit", () => {
    const failing = { ...PASSING_STRUCTURE, headings: false, withinTimeout: false };
    const pruned = [prunedEvent("guard-truncate", ["call-1", "call-2"]), prunedEvent("guard-truncate", ["call-3"])];
    const units: UnitResult[] = [
      buildUnitResult({ scenarioId: "s1" }, { turns: [compactedTurn([worked], {}, pruned)] }),
      buildUnitResult(
        { scenarioId: "s2" },
        {
          turns: [
            compactedTurn([buildAudit({ before: 0, kept: 0 }, { trigger: "overflow", structure: failing })], {
              index: 1,
            }),
          ],
        },
      ),
      buildUnitResult({ scenarioId: "s3" }, { turns: [compactedTurn([], {}, [prunedEvent("soft-trim", ["x|y"])])] }),
    ];
    const markdown = renderMarkdownReport(buildRunResult(units));
    expect(markdown).toContain(
      [
        "## Compactions",
        "",
        "| Unit | Turn | Trigger | Identifiers before → kept | Preservation | Lost identifiers | Tokens before → after | Reduction | Failed checks |",
        "| --- | ---: | --- | ---: | ---: | --- | ---: | ---: | --- |",
        '| `s1@scripted#r0` | 1 | threshold | 7 → 6 | 86% (6/7) | number-unit: "30 s" | 180500 → 20600 | 88.6% | - |',
        "| `s2@scripted#r0` | 2 | overflow | 0 → 0 | n/a | none | 10000 → 2000 | 80.0% | summary headings, within timeout |",
        "",
        "Context pruning (tool results shortened or removed before a model call):",
        "",
        "- `s1@scripted#r0`: guard-truncate: 3 tool results in 2 passes",
        "- `s3@scripted#r0`: soft-trim: 1 tool result in 1 pass",
        "",
      ].join("\n"),
    );
    expect(renderMarkdownReport(buildRunResult([buildUnitResult()]))).not.toContain("## Compactions");
  });

  it("index.html tables the compactions with every lost identifier, escaped, from results.json alone", () => {
    const audit = buildAudit(
      { before: 3, kept: 1 },
      { lost: [lostIdentifier("quoted", "<script>alert(1)</script>"), lostIdentifier("path", "a&b.md")] },
    );
    const unit = buildUnitResult(
      { model: "m<1>" },
      { turns: [compactedTurn([audit], {}, [prunedEvent("hard-clear", ["c"])])] },
    );
    const result = parseRunResult(renderJsonReport(buildRunResult([unit])), "results.json");
    const html = renderHtmlReport(result);
    expect(html).toContain("<h2>Compactions</h2>");
    expect(html).toContain(
      '<ul class="lost"><li><code>&lt;script&gt;alert(1)&lt;/script&gt;</code> (quoted)</li><li><code>a&amp;b.md</code> (path)</li></ul>',
    );
    expect(html).toContain("<td>api@m&lt;1&gt;#r0</td><td>1</td><td>threshold</td><td>3 → 1</td><td>33% (1/3)</td>");
    expect(html).toContain("<li><code>api@m&lt;1&gt;#r0</code>: hard-clear: 1 tool result in 1 pass</li>");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(renderHtmlReport(buildRunResult([buildUnitResult()]))).not.toContain("Compactions");
  });
});
