import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunResult, UnitResult } from "../../src/domain/index.js";
import { createTestHost } from "../../src/platform/create-test-host.js";
import { renderJsonReport } from "../../src/reporters/render-json-report.js";
import { buildComparison } from "../../src/runner/build-comparison.js";
import { importModule } from "../../src/runner/import-module.js";
import { planUnits } from "../../src/runner/plan-units.js";
import { runSuite } from "../../src/runner/run-suite.js";
import { loadScenarios } from "../../src/scenarios/load-scenarios.js";
import { makeTempDir } from "../support/run-cli.js";

const ROOT = resolve(import.meta.dirname, "../..");
const SHIPPED = [
  "scenarios/memory/new-address-wins.yaml",
  "scenarios/memory/memory-disabled.yaml",
  "scenarios/context/memory-flush.yaml",
].map((path) => join(ROOT, path));

/** A flush that rewrites today's note, touches SOUL.md and answers with text; then a reply citing a line past a note's end. */
function plantFaults(dir: string): string[] {
  const workspace = join(dir, "workspace");
  mkdirSync(join(workspace, "memory"), { recursive: true });
  writeFileSync(join(workspace, "SOUL.md"), "# Soul\n");
  writeFileSync(join(workspace, "memory/2026-03-11.md"), "- Earlier entry: the deploy window is 18:00.\n");
  writeFileSync(
    join(dir, "bad-flush.yaml"),
    [
      "name: a flush that breaks every write rule",
      "workspace: ./workspace",
      `session: ${JSON.stringify(join(ROOT, "fixtures/sessions/long-debugging.jsonl"))}`,
      "contextWindow: 60000",
      "clock: 2026-03-11T09:00:00Z",
      "config:",
      "  agents:",
      "    defaults:",
      "      compaction: { reserveTokens: 4000, reserveTokensFloor: 0, memoryFlush: { softThresholdTokens: 20000 } }",
      "turns:",
      "  - user: Thanks, let's pick this up tomorrow.",
      "    script:",
      "      - tool: write",
      "        input: { path: memory/2026-03-11.md, content: '- Deploy 3f9a2c1 failed.\\n' }",
      "      - tool: write",
      "        input: { path: SOUL.md, content: '# Soul, edited\\n' }",
      "      - text: I saved the deploy notes.",
      "      - text: See you tomorrow.",
    ].join("\n"),
  );
  writeFileSync(
    join(dir, "bad-citation.yaml"),
    [
      "name: a reply citing a line past the end of a note",
      `workspace: ${JSON.stringify(join(ROOT, "fixtures/workspaces/memory-months"))}`,
      "clock: 2026-03-11T09:00:00+08:00",
      "timezone: Asia/Shanghai",
      "turns:",
      "  - user: What's my home address these days?",
      "    script:",
      "      - text: You live on Anfu Road (memory/2026-02-14.md#L99).",
    ].join("\n"),
  );
  return [join(dir, "bad-flush.yaml"), join(dir, "bad-citation.yaml")];
}

async function run(): Promise<RunResult> {
  const dir = makeTempDir();
  const paths = [...SHIPPED, ...plantFaults(dir)];
  const loaded = await loadScenarios({ paths, cwd: ROOT });
  expect(loaded.diagnostics).toEqual([]);
  return runSuite({
    units: planUnits(loaded.scenarios),
    host: createTestHost({ cwd: ROOT }),
    runId: "memory-measures",
    concurrency: 2,
    importModule,
    record: { paths, models: ["scripted"], concurrency: 2, bail: false },
  });
}

function unit(result: RunResult, scenarioId: string): UnitResult {
  const found = result.units.find((each) => each.scenarioId === scenarioId);
  if (found === undefined) throw new Error(`no unit of ${scenarioId}: ${result.units.map((each) => each.scenarioId)}`);
  return found;
}

describe("memory measures of a run", () => {
  it("measure shipped memory scenarios as sound and find the planted faults", async () => {
    const result = await run();

    const address = unit(result, "new-address-wins");
    expect(address.status).toBe("passed");
    expect(address.memory?.citations).toMatchObject({ invalid: [] });
    expect(address.memory?.citations?.valid).toBe(address.memory?.citations?.checked);
    expect(address.memory?.citations?.checked).toBeGreaterThanOrEqual(2);
    expect(address.memory?.index).toMatchObject({ ok: true, problems: [] });
    expect(address.memory?.flush).toBeUndefined();

    expect(unit(result, "memory-disabled").memory).toBeUndefined();

    const flush = unit(result, "memory-flush").memory?.flush;
    expect(flush).toMatchObject({ turns: 1, compliant: 1, silent: 1 });
    // The flush run's system prompt carries the flush instructions as its extra context; the
    // user's own run does not.
    const prompts = unit(result, "memory-flush")
      .turns.flatMap((turn) => turn.events)
      .flatMap((event) => (event.type === "prompt_built" ? [event.systemPrompt] : []));
    const extra = prompts.filter((prompt) => /^## Group Chat Context$/m.test(prompt));
    expect(extra).toHaveLength(1);
    expect(extra[0]).toMatch(/NO_REPLY/);
    expect(prompts.length).toBeGreaterThan(extra.length);
    expect(flush?.flushes[0]).toMatchObject({ target: "memory/2026-03-11.md", changed: ["memory/2026-03-11.md"] });

    const bad = unit(result, "bad-flush").memory?.flush;
    expect(bad).toMatchObject({ turns: 1, compliant: 0, onlyTarget: 0, prefixKept: 0, silent: 0, firstInCycle: 1 });
    expect(bad?.flushes[0]?.problems).toEqual([
      "changed SOUL.md besides memory/2026-03-11.md",
      "rewrote memory/2026-03-11.md: its earlier content is no longer a prefix",
      'replied "I saved the deploy notes." instead of NO_REPLY',
    ]);

    const cited = unit(result, "bad-citation").memory?.citations;
    expect(cited?.invalid).toEqual([
      {
        citation: "memory/2026-02-14.md#L99",
        source: "reply",
        turnIndex: 0,
        reason: "line 99 is past the end of memory/2026-02-14.md (6 lines)",
      },
    ]);

    expect(
      JSON.parse(renderJsonReport(result)).units.find((each: UnitResult) => each.scenarioId === "bad-flush").memory,
    ).toEqual(unit(result, "bad-flush").memory);

    const memory = buildComparison(result).models[0]?.memory;
    expect(memory?.measures?.units).toBe(4);
    expect(memory?.measures?.flush).toMatchObject({ rate: 0.5, n: 2 });
    expect(memory?.measures?.index.n).toBe(4);
  });
});
