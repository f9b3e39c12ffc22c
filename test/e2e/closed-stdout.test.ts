// Guards `claw-eval run | head`: a reader that closes the pipe early must not crash the run
// with an EPIPE stack trace; the run finishes, writes its reports and exits with its own code.
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, CLI_BUDGET_MS, cliTimeout, makeTempDir, PROJECT_ROOT } from "../support/run-cli.js";

describe("a closed stdout", () => {
  it("drops output nobody reads, finishes the run and writes results.json", { timeout: cliTimeout(1) }, async () => {
    const out = makeTempDir();
    const child = spawn(process.execPath, [BIN, "run", "scenarios/basics", "--out", out], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: undefined, GITHUB_ACTIONS: undefined },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const deadline = setTimeout(() => child.kill("SIGKILL"), 6 * CLI_BUDGET_MS);
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    // Like `head -1`: read the first piece of output, then close the pipe.
    child.stdout.once("data", () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    clearTimeout(deadline);
    expect(stderr).not.toMatch(/EPIPE|Unhandled 'error' event/);
    expect(code).toBe(0);
    const runs = readdirSync(out).filter((entry) => !entry.startsWith("history.sqlite"));
    expect(runs).toHaveLength(1);
    expect(existsSync(join(out, runs[0]!, "results.json"))).toBe(true);
  });
});
