import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSecretRedactor } from "../../src/platform/create-secret-redactor.js";
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
      redactor: createSecretRedactor([]),
    });
    const runDir = join(outDir, "run-7");
    expect(outcome).toEqual({
      result,
      written: ["results.json", "junit.xml", "summary.md", "index.html"].map((name) => join(runDir, name)),
      errors: [],
    });
    expect(readdirSync(runDir)).toEqual(["index.html", "junit.xml", "results.json", "summary.md"]);
    expect(parseRunResult(readFileSync(join(runDir, "results.json"), "utf8"), "results.json")).toEqual(result);
    expect(readFileSync(join(runDir, "junit.xml"), "utf8")).toBe(renderJunitReport(result));
  });

  it("always writes results.json, even for console only", async () => {
    const outDir = tempDir();
    const outcome = await writeReports({
      result,
      outDir,
      reporters: ["console"],
      fs: createNodeFileSystem(),
      redactor: createSecretRedactor([]),
    });
    expect(outcome.written).toEqual([join(outDir, "run-7", "results.json")]);
  });

  it("keeps writing when one renderer throws", async () => {
    const outDir = tempDir();
    const outcome = await writeReports({
      result,
      outDir,
      reporters: ["json", "junit", "markdown", "html"],
      fs: createNodeFileSystem(),
      redactor: createSecretRedactor([]),
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

  it("writes no secret into any report, however long the value that carries it", async () => {
    const key = "sk-live-0123456789abcdefghij";
    // The summary cuts values at 2,000 chars: this one is cut inside the key.
    const error = `anthropic: ${"x".repeat(1961)} 401: invalid key ${key} (${encodeURIComponent(`k=${key}`)})`;
    const leaky = buildRunResult(
      [buildUnitResult({ status: "errored" }, { error }), buildUnitResult({ repeat: 1, status: "failed" })],
      { runId: "run-8" },
    );
    const outDir = tempDir();
    const outcome = await writeReports({
      result: leaky,
      outDir,
      reporters: ["json", "junit", "markdown", "html"],
      fs: createNodeFileSystem(),
      redactor: createSecretRedactor([key]),
    });
    expect(outcome.errors).toEqual([]);
    // Callers print and record this result instead of redacting the run again.
    const returned = JSON.stringify(outcome.result);
    expect({ leaked: returned.includes(key.slice(0, 10)), marked: returned.includes("[redacted]") }).toEqual({
      leaked: false,
      marked: true,
    });
    for (const file of outcome.written) {
      const text = readFileSync(file, "utf8");
      expect({ file, leaked: text.includes(key.slice(0, 10)) }).toEqual({ file, leaked: false });
      expect(text).toContain("[redacted]");
    }
  });
});
