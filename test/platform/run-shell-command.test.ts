import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ExecRequest } from "../../src/domain/index.js";
import { runShellCommand } from "../../src/platform/run-shell-command.js";
import { killProcessGroups } from "../../src/platform/stop-process-group.js";
import { isProcessRunning, processesWithEnvironment, waitFor } from "../support/process-liveness.js";

/** Long enough that a command still running at the end of a test was never stopped. */
const FOREVER = "sleep 300";
const DEADLINE = { deadlineMs: 20_000 };

const created: string[] = [];
afterAll(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function world(): { dir: string; request(command: string, extra?: Partial<ExecRequest>): ExecRequest; token: string } {
  const dir = mkdtempSync(join(tmpdir(), "claw-eval-shell-"));
  created.push(dir);
  const token = `CLAW_EVAL_SHELL_TEST=${dir}`;
  return {
    dir,
    token,
    request: (command, extra = {}) => ({
      command,
      cwd: dir,
      env: { PATH: "/usr/bin:/bin", CLAW_EVAL_SHELL_TEST: dir },
      timeoutMs: 60_000,
      ...extra,
    }),
  };
}

function readPid(path: string): number {
  return Number(readFileSync(path, "utf8").trim());
}

describe("runShellCommand", () => {
  it("returns the exit code and both streams of a finished command", async () => {
    const { request } = world();
    expect(await runShellCommand(request("echo out; echo err >&2; exit 3"))).toEqual({
      exitCode: 3,
      stdout: "out\n",
      stderr: "err\n",
      timedOut: false,
    });
  });

  it("stops the whole process group on its timeout, background jobs included", async () => {
    const { dir, request, token } = world();
    const outcome = await runShellCommand(
      request(`${FOREVER} & echo $! > bg.pid; echo started; ${FOREVER}; echo done > marker`, { timeoutMs: 300 }),
    );
    expect(outcome).toMatchObject({ exitCode: null, timedOut: true, stdout: "started\n" });
    expect(await waitFor(() => processesWithEnvironment(token).length === 0, DEADLINE)).toBe(true);
    expect(isProcessRunning(readPid(join(dir, "bg.pid")))).toBe(false);
    expect(existsSync(join(dir, "marker"))).toBe(false);
  });

  it("stops a running command when the signal aborts, and never starts one already aborted", async () => {
    const { dir, request, token } = world();
    const controller = new AbortController();
    const running = runShellCommand(
      request(`echo $$ > sh.pid; ${FOREVER}; touch marker`, { signal: controller.signal }),
    );
    expect(await waitFor(() => existsSync(join(dir, "sh.pid")), DEADLINE)).toBe(true);
    controller.abort();
    expect(await running).toMatchObject({ exitCode: null, timedOut: false });
    expect(await waitFor(() => processesWithEnvironment(token).length === 0, DEADLINE)).toBe(true);
    expect(existsSync(join(dir, "marker"))).toBe(false);

    const never = await runShellCommand(request("touch never", { signal: controller.signal }));
    expect(never).toMatchObject({ exitCode: null, timedOut: false });
    expect(existsSync(join(dir, "never"))).toBe(false);
  });

  it("SIGKILLs a group that ignores SIGTERM once the grace is over", async () => {
    const { request, token } = world();
    const outcome = await runShellCommand(request(`trap '' TERM; ${FOREVER}`, { timeoutMs: 300 }));
    expect(outcome).toMatchObject({ exitCode: null, timedOut: true });
    expect(await waitFor(() => processesWithEnvironment(token).length === 0, DEADLINE)).toBe(true);
  });

  it("stops what a finished command left running in its group", async () => {
    const { request, token } = world();
    const outcome = await runShellCommand(request(`${FOREVER} > /dev/null 2>&1 & echo $!`));
    expect(outcome.exitCode).toBe(0);
    const pid = Number(outcome.stdout.trim());
    expect(await waitFor(() => !isProcessRunning(pid), DEADLINE)).toBe(true);
    expect(processesWithEnvironment(token)).toEqual([]);
  });

  it("killProcessGroups stops every running command at once (what happens at exit)", async () => {
    const { dir, request, token } = world();
    const running = runShellCommand(request(`echo $$ > sh.pid; trap '' TERM; ${FOREVER}`));
    expect(await waitFor(() => existsSync(join(dir, "sh.pid")), DEADLINE)).toBe(true);
    expect(killProcessGroups()).toBeGreaterThanOrEqual(1);
    expect(await running).toMatchObject({ exitCode: null, timedOut: false });
    expect(await waitFor(() => processesWithEnvironment(token).length === 0, DEADLINE)).toBe(true);
  });
});
