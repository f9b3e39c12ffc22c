// Guards the results spool against: bytes that differ from rendering the whole run at once
// (separators, indentation, a multi-byte character cut at a read boundary), a unit count that
// does not match the run, and a spool file or folder left behind.
import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createNodeFileSystem } from "../../src/platform/node-file-system.js";
import { renderJsonReport, renderJsonReportChunks } from "../../src/reporters/render-json-report.js";
import { openResultsSpool, withResultsSpool } from "../../src/reporters/results-spool-store.js";
import { buildRunResult, buildTurnResult, buildUnitResult } from "../support/build-results.js";
import { recordTempDirectories } from "../support/plan-one-unit.js";
import { makeTempDir } from "../support/run-cli.js";

function joinChunks(chunks: Iterable<string | Uint8Array>): string {
  // Each piece is copied as it comes: the spool reuses its buffer for the next one.
  const copies: Buffer[] = [];
  for (const chunk of chunks) copies.push(Buffer.from(chunk));
  return Buffer.concat(copies).toString("utf8");
}

describe("results spool", () => {
  it("gives results.json the bytes of rendering the whole run, across megabyte reads", () => {
    // Over 1 MiB of 3-byte characters, so a read boundary falls inside one.
    const long = "€".repeat(400_000);
    const units = [
      buildUnitResult({ scenarioId: "a" }),
      buildUnitResult({ scenarioId: "b", status: "failed" }, { turns: [buildTurnResult({ reply: long, events: [] })] }),
      buildUnitResult({ scenarioId: "c" }, { tags: [], error: "line one\nline two" }),
    ];
    const result = buildRunResult(units);
    const spool = openResultsSpool(makeTempDir());
    for (const unit of units) spool.add(unit);
    expect(spool.count).toBe(3);
    const slim = { ...result, units: units.map((unit) => ({ ...unit, turns: [] })) };
    expect(joinChunks(renderJsonReportChunks(slim, spool))).toBe(renderJsonReport(result));
    spool.close();
  });

  it("refuses a spool whose unit count differs from the run's", () => {
    const spool = openResultsSpool(makeTempDir());
    spool.add(buildUnitResult());
    const result = buildRunResult([buildUnitResult(), buildUnitResult({ scenarioId: "z" })]);
    expect(() => [...renderJsonReportChunks(result, spool)]).toThrow(/spool holds 1 units, the run has 2/);
    spool.close();
  });

  it("deletes its file on close and its folder when the run ends, even when the run throws", async () => {
    const dir = makeTempDir();
    const spool = openResultsSpool(dir);
    spool.add(buildUnitResult());
    spool.close();
    spool.close();
    expect(readdirSync(dir)).toEqual([]);
    expect(() => spool.add(buildUnitResult())).toThrow(/closed/);

    const fs = createNodeFileSystem();
    const made = recordTempDirectories(fs);
    await expect(
      withResultsSpool(fs, async (opened) => {
        opened.add(buildUnitResult());
        expect(readdirSync(made[0]!)).toEqual(["results.spool"]);
        throw new Error("the run failed");
      }),
    ).rejects.toThrow("the run failed");
    expect(made).toHaveLength(1);
    expect(existsSync(made[0]!)).toBe(false);
  });
});
