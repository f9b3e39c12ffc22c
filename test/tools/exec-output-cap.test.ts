import { rmSync } from "node:fs";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";
import { MIDDLE_OMITTED_MARKER } from "../../src/platform/truncate-tool-result-text.js";
import { MAX_OUTPUT_CHARS } from "../../src/tools/cap-output.js";
import { execTool } from "../../src/tools/exec-tool.js";
import { EXEC_OUTPUT_CUT_NOTE, formatExecOutcome } from "../../src/tools/format-exec-outcome.js";
import { createFakeExecWorld } from "./exec-test-helpers.js";
import { callTool, removeTestRoots, textOf } from "./tool-test-helpers.js";

afterEach(removeTestRoots);

const FULL = { tools: { exec: { security: "full" } } };
const LAST_LINE = "Error: final failure";

function numberedLines(count: number, last: string): string {
  const lines: string[] = [];
  for (let line = 1; line < count; line++) lines.push(String(line));
  lines.push(last);
  return `${lines.join("\n")}\n`;
}

describe("exec output cap keeps the end that matters", () => {
  it("keeps the last line of 120 000 lines when it reports an error (head, marker, tail)", async () => {
    const world = createFakeExecWorld({
      config: FULL,
      outcome: { exitCode: 1, stdout: numberedLines(120000, LAST_LINE) },
    });
    const result = await callTool(execTool, { command: "ls" }, world.context());
    const text = textOf(result);
    expect(text.length).toBeLessThanOrEqual(MAX_OUTPUT_CHARS);
    expect(text.startsWith("Exit code 1\nstdout:\n1\n2\n3\n")).toBe(true);
    expect(text).toContain(MIDDLE_OMITTED_MARKER);
    expect(text.endsWith(`\n${LAST_LINE}${EXEC_OUTPUT_CUT_NOTE}`)).toBe(true);
    expect(result.details).toEqual({ exitCode: 1, timedOut: false, status: "failed" });
  });

  it("keeps only the head when the end is unremarkable", () => {
    const stdout = numberedLines(120000, "120000");
    const text = textOf(
      formatExecOutcome({
        outcome: { exitCode: 0, stdout, stderr: "", timedOut: false },
        command: "seq",
        timeoutSeconds: 5,
      }),
    );
    expect(text).not.toContain(MIDDLE_OMITTED_MARKER);
    expect(text.length).toBeLessThanOrEqual(MAX_OUTPUT_CHARS);
    expect(text.startsWith("Exit code 0\nstdout:\n1\n2\n")).toBe(true);
    expect(text.endsWith(EXEC_OUTPUT_CUT_NOTE)).toBe(true);
    expect(text).not.toContain("\n120000");
  });

  it("records the status next to the exit code in details", () => {
    const format = (outcome: { exitCode: number | null; timedOut: boolean }) =>
      formatExecOutcome({ outcome: { ...outcome, stdout: "", stderr: "" }, command: "x", timeoutSeconds: 1 }).details;
    expect([
      format({ exitCode: 0, timedOut: false }),
      format({ exitCode: 3, timedOut: false }),
      format({ exitCode: null, timedOut: false }),
      format({ exitCode: null, timedOut: true }),
    ]).toEqual([
      { exitCode: 0, timedOut: false, status: "completed" },
      { exitCode: 3, timedOut: false, status: "failed" },
      { exitCode: null, timedOut: false, status: "failed" },
      { exitCode: null, timedOut: true, status: "timed_out" },
    ]);
  });

  // 20 000 lines (about 109 000 chars) stay under the shell backend's own 200 000-char capture limit.
  it("on the real shell, a command printing 20 000 lines ending in an error keeps that line", async () => {
    const runtime = createTestRuntime({ env: { PATH: "/usr/bin:/bin" } });
    onTestFinished(() => rmSync(runtime.root, { recursive: true, force: true }));
    const result = await callTool(
      execTool,
      { command: `seq 1 19999; echo "${LAST_LINE}"` },
      { runtime, workspaceDir: runtime.root, toolCallId: "c", config: FULL },
    );
    const text = textOf(result);
    expect(text.startsWith("Exit code 0\nstdout:\n1\n2\n")).toBe(true);
    expect(text).toContain(`\n19999\n${LAST_LINE}`);
    expect(text.length).toBeLessThanOrEqual(MAX_OUTPUT_CHARS);
  });
});
