import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createNodeFileSystem } from "../../src/platform/node-file-system.js";
import { parseRunResult } from "../../src/reporters/render-json-report.js";
import { renderJunitReport } from "../../src/reporters/render-junit-report.js";
import { writeReports } from "../../src/reporters/report-store.js";
import { buildRunResult, buildUnitResult } from "../support/build-results.js";

const folders: string[] = [];

function tempDir(): string {
  const folder = mkdtempSync(join(tmpdir(), "claw-eval-reports-"));
  folders.push(folder);
  return folder;
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const result = buildRunResult([buildUnitResult(), buildUnitResult({ repeat: 1, status: "failed" })], {
  runId: "run-7",
});

describe("writeReports", () => {
  it("writes results.json first, then every selected file report", async () => {
    const outDir = tempDir();
    const outcome = await writeReports({
      result,
      outDir,
      reporters: ["html", "console", "markdown", "junit", "json"],
      fs: createNodeFileSystem(),
    });
    const runDir = join(outDir, "run-7");
    expect(outcome).toEqual({
      written: ["results.json", "junit.xml", "summary.md", "index.html"].map((name) => join(runDir, name)),
      errors: [],
    });
    expect(readdirSync(runDir)).toEqual(["index.html", "junit.xml", "results.json", "summary.md"]);
    expect(parseRunResult(readFileSync(join(runDir, "results.json"), "utf8"), "results.json")).toEqual(result);
    expect(readFileSync(join(runDir, "junit.xml"), "utf8")).toBe(renderJunitReport(result));
  });

  it("always writes results.json, even for console only", async () => {
    const outDir = tempDir();
    const outcome = await writeReports({ result, outDir, reporters: ["console"], fs: createNodeFileSystem() });
    expect(outcome.written).toEqual([join(outDir, "run-7", "results.json")]);
  });

  it("keeps writing when one renderer throws", async () => {
    const outDir = tempDir();
    const outcome = await writeReports({
      result,
      outDir,
      reporters: ["json", "junit", "markdown", "html"],
      fs: createNodeFileSystem(),
      renderers: {
        junit: {
          fileName: "junit.xml",
          render: () => {
            throw new Error("junit exploded");
          },
        },
      },
    });
    expect(outcome.errors).toEqual([{ reporter: "junit", message: "junit exploded" }]);
    expect(readdirSync(join(outDir, "run-7"))).toEqual(["index.html", "results.json", "summary.md"]);
  });
});
