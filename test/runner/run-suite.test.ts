import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { UnitResult } from "../../src/domain/index.js";
import { createTestHost } from "../../src/platform/create-test-host.js";
import { importModule } from "../../src/runner/import-module.js";
import type { WorkUnit } from "../../src/runner/plan-units.js";
import { planUnits } from "../../src/runner/plan-units.js";
import { runSuite } from "../../src/runner/run-suite.js";
import { loadScenarios } from "../../src/scenarios/load-scenarios.js";
import { recordTempDirectories } from "../support/plan-one-unit.js";
import { makeTempDir } from "../support/run-cli.js";

const SLOW_CHECK = join(import.meta.dirname, "../fixtures/runner/slow-check.mjs");

/** One scenario file with a case per entry: each case's check waits `delayMs`, or hangs. */
async function setUp(cases: { delayMs?: number; hang?: boolean; reply?: string }[]) {
  const dir = makeTempDir();
  const rows = cases.map((entry, index) => ({
    id: `c${index + 1}`,
    delay: entry.delayMs ?? 0,
    hang: entry.hang === true ? "yes" : "no",
    reply: entry.reply ?? "ok",
  }));
  writeFileSync(join(dir, "cases.jsonl"), `${rows.map((row) => JSON.stringify(row)).join("\n")}\n`);
  writeFileSync(
    join(dir, "suite.yaml"),
    [
      "name: case {{id}}",
      "cases: ./cases.jsonl",
      "turns:",
      "  - user: say {{reply}}",
      "    script: [ { text: '{{reply}}' } ]",
      "    expect:",
      "      - reply-equals: ok",
      `      - custom: { module: ${JSON.stringify(SLOW_CHECK)}, options: { delay: "{{delay}}", hang: "{{hang}}" } }`,
    ].join("\n"),
  );
  const loaded = await loadScenarios({ paths: [join(dir, "suite.yaml")], cwd: dir });
  expect(loaded.diagnostics).toEqual([]);
  return { dir, units: planUnits(loaded.scenarios) };
}

/** Adapts the string case fields to the check's options. */
async function importWithOptions(path: string) {
  const module = await importModule(path);
  const check = module.default as (context: { options?: Record<string, string> }) => Promise<boolean>;
  return {
    default: (context: { options?: Record<string, string> }) =>
      check({
        ...context,
        options: { delayMs: Number(context.options?.delay), hang: context.options?.hang === "yes" },
      } as never),
  };
}

const record = { paths: [], models: ["scripted"], concurrency: 4, bail: false };

describe("runSuite", () => {
  it("reports results in input order whatever the concurrency and completion order", async () => {
    const { dir, units } = await setUp([{ delayMs: 120 }, { delayMs: 60 }, { delayMs: 0 }, { delayMs: 30 }]);
    const host = createTestHost({ cwd: dir });
    const seen: string[] = [];
    const result = await runSuite({
      units,
      host,
      runId: "r1",
      concurrency: 4,
      importModule: importWithOptions,
      record,
      onUnitEnd: (unit) => seen.push(unit.scenarioId),
    });
    const ids = ["suite#c1", "suite#c2", "suite#c3", "suite#c4"];
    expect(result.units.map((unit) => unit.scenarioId)).toEqual(ids);
    expect(seen).toEqual(ids);
    expect(result.summary).toMatchObject({ total: 4, passed: 4, failed: 0 });
    expect(result.status).toBe("completed");
  });

  it("hands every unit to `retain` once, in input order, skipped ones included, and keeps what it returns", async () => {
    const { dir, units } = await setUp([{ delayMs: 60 }, { reply: "no" }, { delayMs: 0 }]);
    const host = createTestHost({ cwd: dir });
    const retained: string[] = [];
    const result = await runSuite({
      units,
      host,
      runId: "r-retain",
      concurrency: 3,
      bail: true,
      importModule: importWithOptions,
      record,
      retain: (unit) => {
        retained.push(`${unit.scenarioId}:${unit.status}`);
        return { ...unit, turns: [] };
      },
    });
    expect(retained).toEqual(["suite#c1:passed", "suite#c2:failed", "suite#c3:passed"]);
    // Without releaseFinishedUnits the given units are left as they were.
    expect(units.every((unit) => unit !== undefined)).toBe(true);
    expect(result.units.map((unit) => unit.turns)).toEqual([[], [], []]);
    expect(result.summary).toMatchObject({ total: 3, passed: 2, failed: 1 });
  });

  it("empties each entry of the units it was given once that unit has finished, with releaseFinishedUnits", async () => {
    const { dir, units } = await setUp([{ delayMs: 30 }, {}, {}]);
    const given: (WorkUnit | undefined)[] = [...units];
    const seenAtEnd: number[] = [];
    const result = await runSuite({
      units: given,
      releaseFinishedUnits: true,
      host: createTestHost({ cwd: dir }),
      runId: "r-release",
      concurrency: 1,
      importModule: importWithOptions,
      record,
      onUnitEnd: () => seenAtEnd.push(given.filter((unit) => unit === undefined).length),
    });
    expect(result.units.map((unit) => unit.scenarioId)).toEqual(["suite#c1", "suite#c2", "suite#c3"]);
    expect(seenAtEnd).toEqual([1, 2, 3]);
    expect(given).toEqual([undefined, undefined, undefined]);
  });

  it("has removed every unit's temp folders when it returns, and crashes the run when one cannot be removed", async () => {
    const { dir, units } = await setUp([{}, {}, {}]);
    const host = createTestHost({ cwd: dir });
    const made = recordTempDirectories(host.fs);
    const result = await runSuite({
      units,
      host,
      runId: "r0",
      concurrency: 2,
      importModule: importWithOptions,
      record,
    });
    expect(result.status).toBe("completed");
    // The run's own folder first, then one per unit, inside it.
    expect(made).toHaveLength(4);
    expect(made.slice(1).every((path) => path.startsWith(`${made[0]}/claw-eval-unit-`))).toBe(true);
    for (const path of made) expect(existsSync(path)).toBe(false);

    const remove = host.fs.remove.bind(host.fs);
    host.fs.remove = async (path) => {
      if (path.endsWith(".bin")) throw new Error(`EACCES: permission denied, rmdir '${path}'`);
      return remove(path);
    };
    const failing = await runSuite({
      units,
      host,
      runId: "r0b",
      concurrency: 2,
      importModule: importWithOptions,
      record,
    });
    expect(failing.status).toBe("crashed");
    expect(failing.units.map((unit) => unit.status)).toEqual(["passed", "passed", "passed"]);
    expect(failing.diagnostics).toHaveLength(3);
    expect(failing.diagnostics[0]).toMatchObject({ severity: "error", found: expect.stringContaining("EACCES") });
  });

  it("gives a hanging unit an errored timeout result and finishes the others", async () => {
    const { dir, units } = await setUp([{}, { hang: true }, {}]);
    const result = await runSuite({
      units,
      host: createTestHost({ cwd: dir }),
      runId: "r2",
      concurrency: 2,
      // Long enough that a normal unit never reaches it on a loaded machine; the hanging one always does.
      timeoutMs: 5_000,
      abortGraceMs: 50,
      importModule: importWithOptions,
      record,
    });
    expect(result.units.map((unit) => unit.status)).toEqual(["passed", "errored", "passed"]);
    expect(result.units[1]?.error).toMatch(/timed out after 5 s/);
  });

  it("marks running units interrupted and unstarted ones skipped on an interrupt, keeping finished results", async () => {
    const { dir, units } = await setUp([{}, { hang: true }, {}, {}]);
    const controller = new AbortController();
    const finished: UnitResult[] = [];
    const result = await runSuite({
      units,
      host: createTestHost({ cwd: dir }),
      runId: "r3",
      concurrency: 1,
      signal: controller.signal,
      abortGraceMs: 50,
      importModule: importWithOptions,
      record,
      onUnitStart: (unit) => {
        if (unit.scenario.id === "suite#c2") setTimeout(() => controller.abort(), 50);
      },
      onUnitEnd: (unit) => finished.push(unit),
    });
    expect(result.status).toBe("interrupted");
    expect(result.units.map((unit) => unit.status)).toEqual(["passed", "interrupted", "skipped", "skipped"]);
    expect(finished.map((unit) => unit.status)).toEqual(["passed", "interrupted"]);
  });

  it("stops starting units after the first failure with bail", async () => {
    const { dir, units } = await setUp([{}, { reply: "nope" }, {}]);
    const result = await runSuite({
      units,
      host: createTestHost({ cwd: dir }),
      runId: "r4",
      concurrency: 1,
      bail: true,
      importModule: importWithOptions,
      record,
    });
    expect(result.units.map((unit) => unit.status)).toEqual(["passed", "failed", "skipped"]);
    expect(result.units[2]?.error).toMatch(/--bail/);
  });
});
