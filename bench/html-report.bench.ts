/**
 * The HTML report at scale: renders `index.html` for a 20 000-unit run (single-turn units shaped
 * like a real run's: the events of a turn, a shared system prompt, a tool call on every tenth
 * unit, a failure on every fiftieth), then opens it in headless Chromium when one is installed.
 * Run: npm run bench:html   (prints tables; every figure is measured in this run)
 * `CLAW_EVAL_CHROMIUM` names the browser (default /usr/bin/chromium); `HTML_BENCH_UNITS` the size.
 */
import { closeSync, existsSync, mkdtempSync, openSync, realpathSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Bench } from "tinybench";
import type { AgentEvent, RunResult, UnitResult } from "../src/domain/index.js";
import { ZERO_USAGE } from "../src/domain/index.js";
import { renderHtmlReportChunks } from "../src/reporters/render-html-report.js";
import { summariseUnits } from "../src/runner/merge-results.js";
import { formatTable } from "./format-table.js";
import { isMain, stderrWrite, stdoutWrite, type Write } from "./is-main.js";

const UNITS = Number(process.env.HTML_BENCH_UNITS ?? 20_000);
const CHROMIUM = process.env.CLAW_EVAL_CHROMIUM ?? "/usr/bin/chromium";

/** About 7 500 chars in 12 sections, like the shipped suite's prompts. */
const SYSTEM_PROMPT = [
  "You are a personal assistant running inside OpenClaw.",
  ...["Tooling", "Tool Call Style", "Safety", "Skills (mandatory)", "Memory Recall", "Workspace"].map(
    (heading) => `## ${heading}\n${"A line of guidance the assembler writes for this section.\n".repeat(10)}`,
  ),
  "## Current Date & Time\nTime zone: UTC",
  "# Project Context\n## <workspace>/AGENTS.md\nBe brief.",
  "## Silent Replies\nReply NO_REPLY when there is nothing to say.",
  "## Heartbeats\nReply HEARTBEAT_OK when nothing needs attention.",
  "## Runtime\nRuntime: agent=main | model=scripted:echo",
].join("\n");

function buildUnit(index: number): UnitResult {
  const sessionKey = "agent:main:main";
  const base = { runId: `run-${index}`, sessionKey };
  const text = `message ${index}`;
  const failed = index % 50 === 49;
  const reply = failed ? "something else" : text;
  const call = index % 10 === 0;
  const input = { path: "notes.md", oldText: `line ${index}`, newText: `line ${index + 1}` };
  const events: AgentEvent[] = [
    { ...base, type: "agent_start", input: text, kind: "user" },
    { ...base, type: "prompt_built", systemPrompt: SYSTEM_PROMPT, mode: "full" },
    { ...base, type: "turn_start", step: 0 },
    { ...base, type: "context_assembled", step: 0, messageCount: 1, estimatedTokens: 1900, chars: 7600 },
    ...(call
      ? ([
          {
            ...base,
            type: "message_end",
            message: {
              role: "assistant",
              content: [{ type: "tool_call", id: `c${index}`, name: "edit", input }],
              stopReason: "tool_use",
            },
          },
          { ...base, type: "tool_execution_start", toolCallId: `c${index}`, toolName: "edit", args: input },
          {
            ...base,
            type: "tool_execution_end",
            toolCallId: `c${index}`,
            toolName: "edit",
            result: { content: [{ type: "text", text: "edited notes.md" }], isError: false },
            isError: false,
          },
        ] satisfies AgentEvent[])
      : []),
    {
      ...base,
      type: "message_end",
      message: { role: "assistant", content: [{ type: "text", text: reply }], stopReason: "end_turn" },
    },
    { ...base, type: "agent_end", messages: [], success: true, stopReason: "end_turn" },
    { ...base, type: "delivery", status: "sent", text: reply },
  ];
  return {
    unitId: `echo#c${index}@scripted:echo~1`,
    planIndex: index,
    scenarioId: `echo#c${index}`,
    fileId: "echo",
    caseId: `c${index}`,
    scenarioName: `echo c${index}`,
    file: "echo.yaml",
    tags: index % 3 === 0 ? ["echo", "three"] : ["echo"],
    model: index % 2 === 0 ? "scripted:echo" : "scripted",
    repeat: 0,
    status: failed ? "failed" : "passed",
    turns: [
      {
        index: 0,
        kind: "user",
        input: text,
        reply,
        delivered: reply,
        systemPrompt: SYSTEM_PROMPT,
        events,
        expectations: [
          {
            type: "reply-contains",
            pass: !failed,
            message: failed ? `reply does not contain "${text}"` : `reply contains "${text}"`,
            ...(failed ? { expected: text, actual: reply } : {}),
            location: { file: "echo.yaml", line: 6, column: 9 },
          },
        ],
        usage: ZERO_USAGE,
        costUsd: 0,
        latencyMs: 0.1,
      },
    ],
    durationMs: 12,
    usage: ZERO_USAGE,
    costUsd: 0,
  };
}

/** A completed run of `count` units. */
export function buildLargeRunResult(count: number): RunResult {
  const units = Array.from({ length: count }, (_, index) => buildUnit(index));
  return {
    schemaVersion: 1,
    tool: { name: "claw-eval", version: "bench" },
    runId: "bench-html",
    startedAt: "2026-03-11T09:00:00.000Z",
    finishedAt: "2026-03-11T09:10:00.000Z",
    status: "completed",
    options: { paths: ["echo.yaml"], models: ["scripted:echo", "scripted"], concurrency: 2, bail: false },
    summary: summariseUnits(units),
    units,
    diagnostics: [],
    obsoleteGolden: [],
  };
}

/** Writes the report piece by piece, as `writeReports` does; returns its size in bytes. */
function writeReport(result: RunResult, path: string): number {
  const descriptor = openSync(path, "w");
  let bytes = 0;
  try {
    for (const piece of renderHtmlReportChunks(result)) {
      bytes += typeof piece === "string" ? writeSync(descriptor, piece) : writeSync(descriptor, piece);
    }
  } finally {
    closeSync(descriptor);
  }
  return bytes;
}

interface BrowserFigures {
  firstRenderMs: number;
  openUnitMs: number;
  filterMs: number;
  searchMs: number;
}

/** A page expression: the unit list says `expected`. */
function unitCountIs(expected: string): string {
  return `document.getElementById("unit-count").textContent === ${JSON.stringify(expected)}`;
}

async function measureInBrowser(file: string): Promise<BrowserFigures> {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${pathToFileURL(file).href}#units`);
    await page.waitForSelector("body[data-ready=true]", { timeout: 300_000 });
    const firstRenderMs = Number(await page.getAttribute("body", "data-ready-ms"));
    const timed = async (action: () => Promise<unknown>, done: () => Promise<unknown>): Promise<number> => {
      const started = performance.now();
      await action();
      await done();
      return performance.now() - started;
    };
    const last = UNITS - 1;
    const openUnitMs = await timed(
      () => page.evaluate(`location.hash = "unit/${last}"`),
      () => page.waitForSelector("#view-unit:not([hidden]) .turn"),
    );
    await page.evaluate('location.hash = "units"');
    await page.waitForSelector("#view-units:not([hidden])");
    const filterMs = await timed(
      () => page.click('[data-facet="status"] label[data-value="failed"] input'),
      () => page.waitForFunction(unitCountIs(`${Math.floor(UNITS / 50)} of ${UNITS} units`)),
    );
    await page.click("#clear-filters");
    const searchMs = await timed(
      () => page.fill("#unit-search", "line 12340"),
      () => page.waitForFunction(unitCountIs(`1 of ${UNITS} units`)),
    );
    return { firstRenderMs, openUnitMs, filterMs, searchMs };
  } finally {
    await browser.close();
  }
}

/** Runs the HTML report benchmark and writes its tables. */
export async function runHtmlReportBench(write: Write, progress: Write = stderrWrite): Promise<void> {
  progress(`bench: html: building a ${UNITS}-unit run\n`);
  const result = buildLargeRunResult(UNITS);
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "claw-eval-bench-html-")));
  const file = join(dir, "index.html");
  let bytes = 0;
  const bench = new Bench({ iterations: 3, warmupIterations: 1, time: 0 });
  bench.add(`render index.html of ${UNITS} units`, () => {
    bytes = writeReport(result, file);
  });
  progress("bench: html: rendering, a warm-up and 3 runs\n");
  await bench.run();
  const render = bench.tasks[0]?.result;
  if (render?.state !== "completed") throw new Error(`the render task did not complete: ${render?.state}`);
  const rows: Record<string, string>[] = [
    { measure: "units", value: String(UNITS) },
    { measure: "index.html size", value: `${(bytes / 1024 / 1024).toFixed(1)} MB (${bytes} bytes)` },
    { measure: "render + write, mean", value: `${render.latency.mean.toFixed(0)} ms` },
  ];
  if (existsSync(CHROMIUM)) {
    progress(`bench: html: opening it in ${CHROMIUM}\n`);
    const figures = await measureInBrowser(file);
    rows.push(
      {
        measure: "first render in Chromium (navigation start to unit list drawn)",
        value: `${figures.firstRenderMs} ms`,
      },
      { measure: "open the last unit", value: `${figures.openUnitMs.toFixed(0)} ms` },
      { measure: "filter by status (failed)", value: `${figures.filterMs.toFixed(0)} ms` },
      { measure: "text search in transcripts (first search)", value: `${figures.searchMs.toFixed(0)} ms` },
    );
  } else rows.push({ measure: "browser", value: `no Chromium at ${CHROMIUM}: browser figures not measured` });
  write(formatTable(rows));
}

if (isMain(import.meta.url)) await runHtmlReportBench(stdoutWrite);
