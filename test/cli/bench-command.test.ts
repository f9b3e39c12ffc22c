import { describe, expect, it } from "vitest";
import { benchCommand, checkExitCode, parseSizes, selectSuites } from "../../src/cli/bench-command.js";
import { EXIT, UsageError } from "../../src/cli/command-context.js";
import { createCommandContext } from "../../src/cli/create-command-context.js";
import { createTestHost } from "../../src/platform/create-test-host.js";

const context = () =>
  createCommandContext({ host: createTestHost({ cwd: "/" }), signal: new AbortController().signal });

describe("benchCommand", () => {
  it("runs --check on its own: with --skills or --suite it is a usage error", async () => {
    await expect(benchCommand({ check: true, skills: "100" }, context())).rejects.toThrow(UsageError);
    await expect(benchCommand({ check: true, suite: ["runner"] }, context())).rejects.toThrow(
      "--check: runs on its own; drop --skills, --chunks and --suite",
    );
    await expect(benchCommand({ check: true, chunks: "1000" }, context())).rejects.toThrow(UsageError);
  });

  it("refuses sizes that are not whole numbers from 1 to 1000000, naming the option", async () => {
    await expect(benchCommand({ skills: "100,abc" }, context())).rejects.toThrow(
      '--skills: expected comma-separated whole numbers from 1 to 1000000, found "100,abc" (for example --skills 100,1000)',
    );
    await expect(benchCommand({ chunks: "0" }, context())).rejects.toThrow(/^--chunks: expected/);
    await expect(benchCommand({ skills: "2000000" }, context())).rejects.toThrow(/^--skills: expected/);
    expect(parseSizes("skills", " 100, 300 ,1000")).toEqual([100, 300, 1000]);
  });

  it("names the valid suites when --suite names another", async () => {
    await expect(benchCommand({ suite: ["nope"] }, context())).rejects.toThrow(
      '--suite: expected one of runner, prompt, skills, context, scenarios, memory, time, found "nope"',
    );
  });

  it("runs the suites named by --suite, else those whose sizes were given, else all of them", () => {
    expect(selectSuites({})).toEqual(["runner", "prompt", "skills", "context", "scenarios", "memory", "time"]);
    expect(selectSuites({ skills: "100" })).toEqual(["skills"]);
    expect(selectSuites({ chunks: "1000" })).toEqual(["memory"]);
    expect(selectSuites({ skills: "100", chunks: "1000" })).toEqual(["skills", "memory"]);
    expect(selectSuites({ skills: "100", suite: ["prompt", "skills", "prompt"] })).toEqual(["prompt", "skills"]);
  });

  it("exits 1 from --check when a target was missed and 0 when every one was met", () => {
    expect(checkExitCode(false)).toBe(EXIT.failed);
    expect(EXIT.failed).toBe(1);
    expect(checkExitCode(true)).toBe(EXIT.ok);
  });
});
