import { describe, expect, it } from "vitest";
import { benchCommand } from "../../src/cli/bench-command.js";
import { UsageError } from "../../src/cli/command-context.js";
import { createCommandContext } from "../../src/cli/create-command-context.js";
import { createTestHost } from "../../src/platform/create-test-host.js";

const context = () =>
  createCommandContext({ host: createTestHost({ cwd: "/" }), signal: new AbortController().signal });

describe("benchCommand", () => {
  it("runs --check on its own: with --skills or --suite it is a usage error", async () => {
    await expect(benchCommand({ check: true, skills: "100" }, context())).rejects.toThrow(UsageError);
    await expect(benchCommand({ check: true, suite: ["runner"] }, context())).rejects.toThrow(
      "--check: runs on its own; drop --skills and --suite",
    );
  });

  it("names the valid suites when --suite names another", async () => {
    await expect(benchCommand({ suite: ["nope"] }, context())).rejects.toThrow(
      '--suite: expected one of runner, prompt, skills, context, scenarios, memory, found "nope"',
    );
  });
});
