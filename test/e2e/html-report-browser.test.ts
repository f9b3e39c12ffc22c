import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunResult } from "../../src/domain/index.js";
import { isCiEnvironment } from "../../src/golden/is-ci-environment.js";
import { cliTimeout, makeTempDir, PROJECT_ROOT, runCliProcess } from "../support/run-cli.js";

/** Debian's chromium; `CLAW_EVAL_CHROMIUM` points elsewhere. `.ci/run` installs it when missing. */
const CHROMIUM = process.env.CLAW_EVAL_CHROMIUM ?? "/usr/bin/chromium";
const HAS_BROWSER = existsSync(CHROMIUM);
const IN_CI = isCiEnvironment(process.env as Record<string, string>);
const MISSING_BROWSER = `no chromium at ${CHROMIUM}: install it (Debian/Ubuntu: apt-get install -y chromium; .ci/run does this in CI) or set CLAW_EVAL_CHROMIUM to a Chromium binary`;
const ARTIFACTS = join(PROJECT_ROOT, "test-artifacts/html");

if (!HAS_BROWSER && !IN_CI) {
  console.warn(`html-report-browser.test.ts skipped: ${MISSING_BROWSER}`);
}

/** Locally without a browser the file skips; with CI=true a missing browser fails it instead. */
const describeWithBrowser = HAS_BROWSER || IN_CI ? describe : describe.skip;

const FAILING_SCENARIO = `name: reply check that fails on purpose
tags: [html-report]
models: ["scripted:echo"]
golden: { systemPrompt: ./stale-prompt.md }
turns:
  - user: "Quote </script><!-- and <script>window.broken = true</script> back to me"
    expect:
      - reply-contains: "a sentence the echo model never says"
`;

const FAULTY_SCENARIO = `name: a model call that gets an injected fault
tags: [html-report]
models: ["scripted:echo"]
faults: { rate: 1, kinds: ["5xx"], seed: 1 }
turns:
  - user: "hello"
    expect:
      - reply-contains: "hello"
`;

/** A golden prompt with two known section headings, so the diff has sections to name. */
const STALE_GOLDEN = "You are a personal assistant.\n## Tooling\nno tools at all\n## Safety\nbe careful\n";

const RUN_SCENARIOS = [
  "scenarios/subagents/limits.yaml",
  "scenarios/context/manual-compact.yaml",
  "scenarios/skills/pick-skill.yaml",
  "scenarios/memory/read-a-note.yaml",
  "scenarios/tools/edit-recovers-from-error.yaml",
];

const COMPARE_SCENARIOS = [
  "scenarios/compliance/group-banter.yaml",
  "scenarios/compliance/heartbeat-quiet-personal.yaml",
  "scenarios/compliance/heartbeat-shop-stock.yaml",
];

/** A page expression: the unit list says `expected` ("3 of 9 units"). */
function unitCountIs(expected: string): string {
  return `document.getElementById("unit-count").textContent === ${JSON.stringify(expected)}`;
}

function resultsOf(report: string): RunResult {
  return JSON.parse(readFileSync(join(dirname(report), "results.json"), "utf8")) as RunResult;
}

function reportOf(out: string): string {
  const runs = readdirSync(out).filter((entry) => !entry.startsWith("history.sqlite"));
  expect(runs).toHaveLength(1);
  return join(out, runs[0] ?? "", "index.html");
}

interface OpenedPage {
  page: Page;
  problems: string[];
  requests: string[];
}

describeWithBrowser("index.html in a real browser", () => {
  let browser: Browser;
  let runReport = "";
  let compareReport = "";

  beforeAll(async () => {
    if (!HAS_BROWSER) throw new Error(`CI=true and ${MISSING_BROWSER}`);
    const dir = makeTempDir();
    writeFileSync(join(dir, "failing.yaml"), FAILING_SCENARIO);
    writeFileSync(join(dir, "stale-prompt.md"), STALE_GOLDEN);
    writeFileSync(join(dir, "faulty.yaml"), FAULTY_SCENARIO);
    const run = await runCliProcess(
      ["run", ...RUN_SCENARIOS, join(dir, "failing.yaml"), join(dir, "faulty.yaml"), "--out", join(dir, "run")],
      {
        cwd: PROJECT_ROOT,
        env: { CI: "true" },
      },
    );
    expect(run.code, run.stderr).toBe(1);
    runReport = reportOf(join(dir, "run"));
    const models = ["--model", "scripted", "--model", "simulated:sloppy?ack=0.5&alert=0.5&seed=3"];
    const compare = await runCliProcess(
      ["compare", ...COMPARE_SCENARIOS, ...models, "--repeat", "3", "--out", join(dir, "compare")],
      { cwd: PROJECT_ROOT },
    );
    expect([0, 1], compare.stderr).toContain(compare.code);
    compareReport = reportOf(join(dir, "compare"));
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  }, cliTimeout(2) + 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function open(file: string, hash: string): Promise<OpenedPage> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const entry: OpenedPage = { page, problems: [], requests: [] };
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") entry.problems.push(message.text());
    });
    page.on("pageerror", (error) => entry.problems.push(error.message));
    page.on("request", (request) => {
      if (!request.url().startsWith("file:")) entry.requests.push(request.url());
    });
    await page.goto(`${pathToFileURL(file).href}#${hash}`);
    await page.waitForSelector("body[data-ready=true]");
    return entry;
  }

  async function showView(entry: OpenedPage, view: string, artifact: string): Promise<void> {
    await entry.page.evaluate(`location.hash = ${JSON.stringify(view)}`);
    await entry.page.waitForSelector(`#view-${view.split("/")[0]}:not([hidden])`);
    await entry.page.screenshot({ path: join(ARTIFACTS, `${artifact}.png`), fullPage: false });
  }

  async function viewNames(entry: OpenedPage): Promise<string[]> {
    return entry.page.$$eval("#tabs a", (links) => links.map((link) => link.getAttribute("data-view") ?? ""));
  }

  async function visibleCount(page: Page): Promise<string> {
    return (await page.textContent("#unit-count")) ?? "";
  }

  it("renders every view of a run report, with nothing loaded from the network and no console error", async () => {
    const entry = await open(runReport, "overview");
    const views = await viewNames(entry);
    expect(views).toEqual(["overview", "units", "skills", "compactions", "memory"]);
    for (const view of views) await showView(entry, view, `run-${view}`);
    expect(await entry.page.getAttribute("html", "lang")).toBe("en");
    // The recorded </script> and <!-- did not end the data element: the page kept every unit.
    const total = resultsOf(runReport).units.length;
    expect(await visibleCount(entry.page)).toBe(`${total} of ${total} units`);
    expect(await entry.page.evaluate("typeof window.broken")).toBe("undefined");
    expect(await entry.page.locator("#view-skills .funnel-stage").count()).toBe(3);
    expect(await entry.page.locator("#view-compactions table.compactions tbody tr").count()).toBeGreaterThan(0);
    expect(entry.problems).toEqual([]);
    expect(entry.requests).toEqual([]);
  });

  it("opens a failed unit: expectation with expected and actual, golden diff in colour, prompt sections", async () => {
    const entry = await open(runReport, "units");
    await entry.page.click('[data-facet="status"] label[data-value="failed"] input');
    await entry.page.click("#unit-rows-body a");
    await entry.page.waitForSelector("#view-unit:not([hidden]) .turn");
    const failed = await entry.page.locator("ul.expectations li.fail").allTextContents();
    expect(failed.find((text) => text.includes("reply-contains"))).toContain("a sentence the echo model never says");
    expect(failed.find((text) => text.includes("golden"))).toBeDefined();
    expect(await entry.page.locator(".diff .add").count()).toBeGreaterThan(0);
    expect(await entry.page.locator(".diff .del").count()).toBeGreaterThan(0);
    expect(await entry.page.locator(".diff .section-head").allTextContents()).toContain("## Tooling");
    expect(await entry.page.locator(".item.user pre").first().textContent()).toContain("</script><!--");
    await entry.page.click(".turn details.system-prompt > summary");
    // The prompt is drawn on the details element's toggle event, which fires after the click.
    await entry.page.waitForSelector(".prompt-nav li");
    const sections = entry.page.locator(".prompt-nav li");
    expect(await sections.count()).toBeGreaterThan(3);
    expect(await sections.first().textContent()).toMatch(/\d+ tok$/);
    await entry.page.screenshot({ path: join(ARTIFACTS, "run-unit-failed.png"), fullPage: false });
    expect(entry.problems).toEqual([]);
  });

  it("nests sub-agent sessions under the call that spawned them and highlights tool errors", async () => {
    const entry = await open(runReport, "units");
    const total = resultsOf(runReport).units.length;
    await entry.page.fill("#unit-search", "subagents/limits");
    await entry.page.waitForFunction(unitCountIs(`1 of ${total} units`));
    await entry.page.click("#unit-rows-body a");
    await entry.page.waitForSelector("#view-unit:not([hidden]) .turn");
    expect(
      await entry.page.locator(".call[data-tool-call] > div > .subagent, .call[data-tool-call] .subagent").count(),
    ).toBe(5);
    expect(await entry.page.locator(".subagent .call.error").count()).toBeGreaterThan(0);
    await entry.page.locator(".call .subagent").first().scrollIntoViewIfNeeded();
    await entry.page.screenshot({ path: join(ARTIFACTS, "run-unit-subagents.png"), fullPage: false });
    await showView(entry, "units", "run-units-search");
    expect(entry.problems).toEqual([]);
  });

  it("shows each injected fault and the model error of an errored unit", async () => {
    const entry = await open(runReport, "units");
    await entry.page.click('[data-facet="status"] label[data-value="errored"] input');
    const total = resultsOf(runReport).units.length;
    expect(await visibleCount(entry.page)).toBe(`1 of ${total} units`);
    expect(await entry.page.textContent("#unit-rows-body .fault-badge")).toBe("4 faults");
    await entry.page.click("#unit-rows-body a");
    await entry.page.waitForSelector("#view-unit:not([hidden]) .turn");
    const faults = entry.page.locator('.event.warn[data-event="fault_injected"]');
    expect(await faults.allTextContents()).toEqual(
      [1, 2, 3, 4].map((attempt) => `fault_injected kind=5xx  attempt=${attempt}`),
    );
    expect(await entry.page.locator('.event.error[data-event="model_error"]').count()).toBe(1);
    await faults.first().scrollIntoViewIfNeeded();
    await entry.page.screenshot({ path: join(ARTIFACTS, "run-unit-faults.png"), fullPage: false });
    expect(entry.problems).toEqual([]);
  });

  it("filters the unit list by status, model, flakiness and text, with counts per value", async () => {
    const entry = await open(compareReport, "units");
    const units = resultsOf(compareReport).units;
    expect(await visibleCount(entry.page)).toBe(`${units.length} of ${units.length} units`);
    const failedCount = await entry.page.textContent('[data-facet="status"] label[data-value="failed"] .count');
    await entry.page.click('[data-facet="status"] label[data-value="failed"] input');
    expect(Number(failedCount)).toBe(units.filter((unit) => unit.status === "failed").length);
    expect(await visibleCount(entry.page)).toBe(`${failedCount} of ${units.length} units`);
    expect(await entry.page.locator("#unit-rows-body tr").count()).toBe(Number(failedCount));
    expect(
      new Set(
        await entry.page.$$eval("#unit-rows-body tr", (rows) => rows.map((row) => row.getAttribute("data-status"))),
      ),
    ).toEqual(new Set(["failed"]));
    await entry.page.click("#clear-filters");
    await entry.page.click('[data-facet="model"] label[data-value="scripted"] input');
    const scripted = units.filter((unit) => unit.model === "scripted").length;
    expect(await visibleCount(entry.page)).toBe(`${scripted} of ${units.length} units`);
    await entry.page.click("#clear-filters");
    await entry.page.check("#flaky-only");
    const flaky = await visibleCount(entry.page);
    expect(flaky).toMatch(new RegExp(`^[1-9]\\d* of ${units.length} units$`));
    expect(await entry.page.locator("#unit-rows-body .flaky-badge").count()).toBe(Number(flaky.split(" ")[0]));
    await entry.page.click("#clear-filters");
    await entry.page.fill("#unit-search", "heartbeat-shop-stock");
    const stock = units.filter((unit) => unit.file.includes("heartbeat-shop-stock")).length;
    await entry.page.waitForFunction(unitCountIs(`${stock} of ${units.length} units`));
    await entry.page.screenshot({ path: join(ARTIFACTS, "compare-units-filtered.png"), fullPage: false });
    expect(entry.problems).toEqual([]);
  });

  it("renders the comparison view with a chart per category, the measures table and the pairs", async () => {
    const entry = await open(compareReport, "overview");
    const views = await viewNames(entry);
    expect(views).toContain("comparison");
    for (const view of views) await showView(entry, view, `compare-${view}`);
    const charts = entry.page.locator("#view-comparison svg.rate-chart");
    expect(await charts.count()).toBeGreaterThanOrEqual(3);
    expect(await entry.page.locator("#view-comparison svg.rate-chart .interval").count()).toBeGreaterThan(0);
    expect(await entry.page.locator("#view-comparison").textContent()).toContain("Alert purity (alert)");
    expect(await entry.page.locator("#view-comparison").textContent()).toContain("exact McNemar");
    expect(entry.problems).toEqual([]);
    expect(entry.requests).toEqual([]);
  });
});
