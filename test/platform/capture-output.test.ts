import { describe, expect, it } from "vitest";
import { createOutputCapture } from "../../src/platform/capture-output.js";
import { runShellCommand } from "../../src/platform/run-shell-command.js";

describe("createOutputCapture", () => {
  it("keeps short output whole", () => {
    const capture = createOutputCapture();
    capture.add("hello ");
    capture.add("world");
    expect(capture.text()).toBe("hello world");
  });

  it("keeps the head and the last 50,000 chars of long output, naming what it dropped", () => {
    const capture = createOutputCapture();
    const lines = Array.from({ length: 120_000 }, (_, index) => `line ${index}\n`);
    for (const line of lines) capture.add(line);
    capture.add("Error: final failure\n");
    const text = capture.text();
    const total = lines.join("").length + "Error: final failure\n".length;
    expect(text.startsWith("line 0\nline 1\n")).toBe(true);
    expect(text.endsWith("Error: final failure\n")).toBe(true);
    const omitted = /\[\.\.\. (\d+) characters of output omitted \.\.\.\]/.exec(text);
    expect(Number(omitted?.[1])).toBe(total - 200_000 - 50_000);
  });
});

describe("runShellCommand output", () => {
  it("shows the last line of a 120,000-line command", async () => {
    const outcome = await runShellCommand({
      command: "seq 1 120000; echo 'Error: final failure'",
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
      timeoutMs: 60_000,
    });
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stdout.trimEnd().endsWith("Error: final failure")).toBe(true);
    expect(outcome.stdout.startsWith("1\n2\n")).toBe(true);
  });
});
