import { describe, expect, it } from "vitest";
import type { AgentEvent, RunResult, UnitResult } from "../../src/domain/index.js";
import { HTML_REPORT_SCRIPT } from "../../src/reporters/html-report-script.js";
import { renderHtmlReport, renderHtmlReportChunks } from "../../src/reporters/render-html-report.js";
import { openResultsSpool, type ResultsSpoolOptions } from "../../src/reporters/results-spool-store.js";
import { retainUnitForReports } from "../../src/runner/retain-unit-for-reports.js";
import { buildExpectationResult, buildRunResult, buildTurnResult, buildUnitResult } from "../support/build-results.js";
import { makeTempDir } from "../support/run-cli.js";

const SYSTEM_PROMPT = "You are a personal assistant.\n## Tooling\n- read\n- edit\n## Safety\nBe careful.";
const OLD_TEXT = "the-unique-old-text-of-an-edit";
const base = { runId: "r", sessionKey: "agent:main:main" };

function editEvents(): AgentEvent[] {
  const input = { path: "notes.md", oldText: OLD_TEXT, newText: "new" };
  return [
    { ...base, type: "agent_start", input: "fix the note", kind: "user" },
    { ...base, type: "prompt_built", systemPrompt: SYSTEM_PROMPT, mode: "full" },
    {
      ...base,
      type: "message_end",
      message: {
        role: "assistant",
        content: [{ type: "tool_call", id: "call-1", name: "edit", input }],
        stopReason: "tool_use",
      },
    },
    { ...base, type: "message_update", delta: "streamed piece" },
    { ...base, type: "tool_execution_start", toolCallId: "call-1", toolName: "edit", args: input },
    {
      ...base,
      type: "tool_execution_end",
      toolCallId: "call-1",
      toolName: "edit",
      result: { content: [{ type: "text", text: "</script><!-- not found" }], isError: true },
      isError: true,
    },
    {
      ...base,
      type: "agent_end",
      messages: [{ role: "user", content: "fix the note" }],
      success: true,
      stopReason: "end_turn",
    },
    // A kind this version does not know is kept as recorded.
    { ...base, type: "fault_injected", kind: "timeout", attempt: 1 } as unknown as AgentEvent,
  ];
}

function sampleUnits(): UnitResult[] {
  const failed = buildExpectationResult({ pass: false, message: "no <match>", expected: "a & b", actual: "<script>" });
  const turn = buildTurnResult({
    input: "<b>hi</b>",
    reply: "it's </script> fine",
    systemPrompt: SYSTEM_PROMPT,
    events: editEvents(),
    expectations: [failed],
  });
  return [
    buildUnitResult({ status: "failed" }, { turns: [turn], tags: ["edit"] }),
    buildUnitResult({ repeat: 1 }, { turns: [buildTurnResult({ systemPrompt: SYSTEM_PROMPT })] }),
  ];
}

function scriptData(html: string, id: string): string {
  const match = new RegExp(`<script type="application/(?:json|x-ndjson)" id="${id}">([^<]*)</script>`).exec(html);
  if (match === null) throw new Error(`no data element ${id}`);
  return match[1] ?? "";
}

describe("renderHtmlReport", () => {
  const result = buildRunResult(sampleUnits());
  const html = renderHtmlReport(result);

  it("is one page with inline style and script, loading nothing", () => {
    expect(html.startsWith("<!doctype html>\n")).toBe(true);
    expect(html).not.toMatch(/<(?:link|img|iframe)\b/);
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html).not.toMatch(/(?:src|href)="(?!#)/);
    expect(html).not.toMatch(/@import|url\(/);
    expect(html).not.toMatch(/https?:\/\//);
    expect(renderHtmlReport(result)).toBe(html);
  });

  it("embeds the data once: the edit's input appears exactly once, the system prompt once", () => {
    expect(html.split(OLD_TEXT)).toHaveLength(2);
    expect(html.split("Be careful.")).toHaveLength(2);
    expect(html).not.toContain("streamed piece");
    // Four script elements: details, rows, prompts and the page's code. Recorded `</script>` is escaped.
    expect(html.match(/<\/script>/g)).toHaveLength(4);
  });

  it("stores a row per unit, a detail line per unit and each distinct prompt with its sections", () => {
    const rows = JSON.parse(scriptData(html, "unit-rows")) as {
      id: string;
      status: string;
      failedExpectations: number;
    }[];
    expect(rows.map((row) => [row.id, row.status, row.failedExpectations])).toEqual([
      ["api@scripted#r0", "failed", 1],
      ["api@scripted#r1", "passed", 0],
    ]);
    const details = scriptData(html, "unit-details").split("\n");
    expect(details).toHaveLength(2);
    const first = JSON.parse(details[0] ?? "") as { turns: { prompt: number; reply: string; events: unknown[] }[] };
    expect(first.turns[0]?.prompt).toBe(0);
    expect(first.turns[0]?.reply).toBe("it's </script> fine");
    expect(first.turns[0]?.events).toContainEqual({
      sessionKey: "agent:main:main",
      type: "prompt_built",
      mode: "full",
      prompt: 0,
    });
    expect(first.turns[0]?.events).toContainEqual({
      sessionKey: "agent:main:main",
      type: "agent_end",
      messages: 1,
      success: true,
      stopReason: "end_turn",
    });
    expect(first.turns[0]?.events).toContainEqual({
      sessionKey: "agent:main:main",
      type: "fault_injected",
      kind: "timeout",
      attempt: 1,
    });
    const prompts = JSON.parse(scriptData(html, "prompts")) as { text: string; tokens: number; sections: unknown[] }[];
    expect(prompts).toEqual([
      {
        text: SYSTEM_PROMPT,
        tokens: Math.ceil(SYSTEM_PROMPT.length / 4),
        sections: [
          { key: "(preamble)", line: 1, tokens: 8 },
          { key: "## Tooling", line: 2, tokens: 6 },
          { key: "## Safety", line: 5, tokens: 6 },
        ],
      },
    ]);
  });

  it("shows only the views a run has: no comparison, skills, compactions or memory here", () => {
    const views = [...html.matchAll(/<section class="view" id="view-([a-z]+)"/g)].map((match) => match[1]);
    expect(views).toEqual(["overview", "units", "unit"]);
    expect(html).toContain("<td>scripted</td><td>1</td><td>1</td>");
  });

  it("adds the comparison with its charts, and the skills funnel from the turns' snapshots", () => {
    const snapshot: AgentEvent = {
      ...base,
      type: "skills_snapshot",
      version: 1,
      reused: false,
      eligible: ["weather"],
      excluded: [{ name: "<clip>", reason: "os-mismatch" }],
      included: ["weather"],
      dropped: [],
      truncated: false,
      promptChars: 10,
    };
    const rate = { rate: 1, low: 0.5, high: 1, n: 4 };
    const empty = { rate: null, low: null, high: null, n: 0 };
    const units = [buildUnitResult({}, { turns: [buildTurnResult({ events: [snapshot] })] })];
    const compared: RunResult = buildRunResult(units, {
      comparison: {
        models: [
          {
            model: "scripted",
            categories: { quiet: rate, alert: empty, "silent-expected": empty, "reply-expected": empty },
            falseSilence: empty,
            passRate: rate,
            k: 1,
            passAtK: null,
            passHatK: null,
            costUsd: 0,
            latencyMs: { p50: null, p95: null },
          },
        ],
        pairs: [],
      },
    });
    const page = renderHtmlReport(compared);
    const views = [...page.matchAll(/<section class="view" id="view-([a-z]+)"/g)].map((match) => match[1]);
    expect(views).toEqual(["overview", "units", "unit", "comparison", "skills"]);
    expect(page.match(/<svg class="rate-chart"/g)).toHaveLength(2);
    expect(page).toContain("<h2>Comparison</h2>");
    expect(page).toContain(
      '<td><code>&lt;clip&gt;</code></td><td>1</td><td>0</td><td>0</td><td class="text">os-mismatch ×1</td>',
    );
  });

  it("adds a regressions view when the run was compared with a baseline", () => {
    const page = renderHtmlReport(
      buildRunResult(sampleUnits(), {
        regressions: {
          baseline: { runId: "base-<1>", startedAt: "2026-03-10T09:00:00.000Z" },
          unitsCompared: 2,
          unitsNew: 0,
          unitsMissing: 0,
          regressions: [],
          improvements: [],
        },
      }),
    );
    const views = [...page.matchAll(/<section class="view" id="view-([a-z]+)"/g)].map((match) => match[1]);
    expect(views).toEqual(["overview", "units", "unit", "regressions"]);
    expect(page).toContain("base-&lt;1&gt;");
  });

  it.each<[string, ResultsSpoolOptions]>([
    ["read back from the spool", {}],
    ["collected while spooling", { html: true }],
  ])(
    "gives the same bytes from a results spool (units %s) and the retained units as from the whole units",
    (_, options) => {
      const units = sampleUnits();
      const spool = openResultsSpool(makeTempDir("claw-eval-html-"), options);
      for (const unit of units) spool.add(unit);
      expect(spool.html === undefined).toBe(options.html !== true);
      const retained = buildRunResult(units.map(retainUnitForReports));
      const decoder = new TextDecoder();
      let pieces = "";
      for (const piece of renderHtmlReportChunks(retained, spool)) {
        pieces += typeof piece === "string" ? piece : decoder.decode(piece, { stream: true });
      }
      spool.close();
      expect(pieces).toBe(renderHtmlReport(buildRunResult(units)));
    },
  );

  it("refuses a spool that holds a different number of units than the run", () => {
    const spool = openResultsSpool(makeTempDir("claw-eval-html-"));
    spool.add(buildUnitResult());
    expect(() => [...renderHtmlReportChunks(buildRunResult(sampleUnits()), spool)]).toThrow(/1 units, the run has 2/);
    spool.close();
  });
});

describe("the page's script", () => {
  it("parses as a script and holds nothing that could end its element", () => {
    expect(() => new Function(HTML_REPORT_SCRIPT)).not.toThrow();
    expect(HTML_REPORT_SCRIPT).not.toMatch(/<\/script|<!--/i);
  });
});
