import { afterEach, describe, expect, it } from "vitest";
import type { Tool, ToolContext, ToolResult } from "../../src/domain/index.js";
import { createTestRuntime, type TestRuntime } from "../../src/platform/create-test-runtime.js";
import { createBuiltinTools } from "../../src/tools/create-builtin-tools.js";
import { processesWithEnvironment, waitFor } from "../support/process-liveness.js";
import { callTool, textOf } from "./tool-test-helpers.js";

/** Runs every command without approvals, so the tests are about backgrounding alone. */
const RUN_ANYTHING = { tools: { exec: { security: "full", ask: "off" } } };
const DEADLINE = { deadlineMs: 20_000 };

const runtimes: TestRuntime[] = [];
let worlds = 0;
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.stopCommands();
});

interface World {
  runtime: TestRuntime;
  /** Environment entry every command of this world carries (to find its processes). */
  marker: string;
  exec(input: Record<string, unknown>, overrides?: Partial<ToolContext>): Promise<ToolResult>;
  process(input: Record<string, unknown>, overrides?: Partial<ToolContext>): Promise<ToolResult>;
}

function createWorld(config: Record<string, unknown> = RUN_ANYTHING): World {
  worlds += 1;
  const tag = `${process.pid}-${worlds}`;
  const marker = `CLAW_EVAL_PROCESS_TEST=${tag}`;
  const runtime = createTestRuntime({ env: { PATH: "/usr/bin:/bin", CLAW_EVAL_PROCESS_TEST: tag } });
  runtimes.push(runtime);
  const tools = createBuiltinTools();
  const context = (overrides: Partial<ToolContext> = {}): ToolContext => ({
    runtime,
    workspaceDir: runtime.root,
    toolCallId: "call-1",
    config,
    agentId: "main",
    sessionKey: "agent:main:main",
    toolNames: ["exec", "process"],
    ...overrides,
  });
  const call = (tool: Tool) => (input: Record<string, unknown>, overrides?: Partial<ToolContext>) =>
    callTool(tool, input, context(overrides));
  return { runtime, marker, exec: call(tools.exec), process: call(tools.process) };
}

function sessionIdOf(result: ToolResult): string {
  const id = result.details?.sessionId;
  if (typeof id !== "string") throw new Error(`no session id in ${textOf(result)}`);
  return id;
}

describe("exec yieldMs and background", () => {
  it("returns a command that ends within yieldMs like a plain exec, and keeps no session", async () => {
    const world = createWorld();
    const result = await world.exec({ command: "echo hi", yieldMs: 10_000 });
    expect(textOf(result)).toBe("Exit code 0\nstdout:\nhi");
    expect(result.isError).toBe(false);
    expect(textOf(await world.process({ action: "list" }))).toBe("No running or recent sessions.");
  });

  it("moves a command still running after yieldMs to the background, and poll collects its end", async () => {
    const world = createWorld();
    const started = await world.exec({ command: "echo start; sleep 0.5; echo done", yieldMs: 50 });
    const id = sessionIdOf(started);
    expect(id).toMatch(/^proc-[0-9a-f]{12}$/);
    expect(started.details).toEqual({ status: "running", sessionId: id });
    expect(textOf(started)).toContain(`Command still running in the background (session ${id})`);
    expect(textOf(started)).toContain(`process (action=poll, sessionId=${id})`);
    const polled = await world.process({ action: "poll", sessionId: id, timeout: 20_000 });
    expect(textOf(polled)).toMatch(/^(start\n)?done\n\nProcess exited with code 0\.$/);
    expect(polled.details).toEqual({ status: "completed", sessionId: id, exitCode: 0 });
    const again = await world.process({ action: "poll", sessionId: id });
    expect(textOf(again)).toBe("(no new output)\n\nProcess exited with code 0.");
    expect(textOf(await world.process({ action: "list" }))).toBe(
      `${id} completed (exit 0) :: echo start; sleep 0.5; echo done`,
    );
  });

  it("backgrounds at once with background: true, and a poll without timeout does not wait", async () => {
    const world = createWorld();
    const started = await world.exec({ command: "sleep 30", background: true });
    const id = sessionIdOf(started);
    const polled = await world.process({ action: "poll", sessionId: id });
    expect(textOf(polled)).toBe("(no new output)\n\nProcess still running.");
    expect(polled.details).toEqual({ status: "running", sessionId: id });
  });

  it("uses tools.exec.backgroundMs when the call gives no yieldMs", async () => {
    const world = createWorld({ tools: { exec: { security: "full", ask: "off", backgroundMs: 20 } } });
    const started = await world.exec({ command: "sleep 30" });
    expect(started.details?.status).toBe("running");
  });

  it("runs in the foreground when the run's model is not offered the process tool", async () => {
    const world = createWorld();
    const result = await world.exec({ command: "sleep 0.2; echo late", background: true }, { toolNames: ["exec"] });
    expect(textOf(result)).toBe("Exit code 0\nstdout:\nlate");
  });

  it("still applies the exec policy before anything starts", async () => {
    const world = createWorld({ tools: { exec: { security: "deny" } } });
    const result = await world.exec({ command: "sleep 30", background: true });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("exec denied: host=gateway security=deny");
    expect(textOf(await world.process({ action: "list" }))).toBe("No running or recent sessions.");
  });

  it("stops the command when the run is aborted during the yield wait", async () => {
    const world = createWorld();
    const controller = new AbortController();
    const pending = world.exec({ command: "sleep 30", yieldMs: 60_000 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("Command did not finish");
    expect(await waitFor(() => processesWithEnvironment(world.marker).length === 0, DEADLINE)).toBe(true);
  });

  it("never starts a command when the run was aborted before the call", async () => {
    const world = createWorld();
    const controller = new AbortController();
    controller.abort();
    const result = await world.exec(
      { command: "echo started > started.txt", yieldMs: 60_000 },
      { signal: controller.signal },
    );
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("not started: the run was aborted");
    expect(await world.runtime.fs.stat(`${world.runtime.root}/started.txt`)).toBeUndefined();
  });

  it("lets simulated time move while a command runs in the background", async () => {
    const world = createWorld();
    const id = sessionIdOf(await world.exec({ command: "sleep 30", background: true }));
    const before = world.runtime.now();
    // A child still counted as real work in flight would hold this sleep until the command ended.
    await world.runtime.sleep(60_000);
    expect(world.runtime.now()).toBe(before + 60_000);
    expect(textOf(await world.process({ action: "poll", sessionId: id }))).toBe(
      "(no new output)\n\nProcess still running.",
    );
  });

  it("keeps the command's timeout in the background", async () => {
    const world = createWorld();
    const id = sessionIdOf(await world.exec({ command: "sleep 30", background: true, timeout: 1 }));
    const polled = await world.process({ action: "poll", sessionId: id, timeout: 30_000 });
    expect(textOf(polled)).toBe("(no new output)\n\nProcess timed out after 1 s and was stopped.");
    expect(polled.details).toEqual({ status: "timed_out", sessionId: id });
  });
});

describe("process tool", () => {
  it("writes to stdin and closes it with eof", async () => {
    const world = createWorld();
    const id = sessionIdOf(await world.exec({ command: "read line; echo got $line; cat", background: true }));
    expect(textOf(await world.process({ action: "write", sessionId: id, data: "hello\n" }))).toBe(
      `Wrote 6 bytes to session ${id}.`,
    );
    expect(textOf(await world.process({ action: "write", sessionId: id, data: "tail", eof: true }))).toBe(
      `Wrote 4 bytes to session ${id} and closed its stdin.`,
    );
    const polled = await world.process({ action: "poll", sessionId: id, timeout: 20_000 });
    expect(textOf(polled)).toBe("got hello\ntail\n\nProcess exited with code 0.");
    const late = await world.process({ action: "write", sessionId: id, data: "x" });
    expect(late).toMatchObject({ isError: true });
    expect(textOf(late)).toBe(`Session ${id} has already ended.`);
  });

  it("refuses to write to a command that moved to the background on the default yield", async () => {
    const world = createWorld({ tools: { exec: { security: "full", ask: "off", backgroundMs: 0 } } });
    const id = sessionIdOf(await world.exec({ command: "sleep 30" }));
    const result = await world.process({ action: "write", sessionId: id, data: "y\n" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("has no open stdin");
  });

  it("pages the kept output by lines with offset and limit, the last lines by default", async () => {
    const world = createWorld();
    const id = sessionIdOf(
      await world.exec({ command: "printf 'l1\\nl2\\nl3\\nl4\\nl5\\n'; echo ready; sleep 30", background: true }),
    );
    expect(await waitForOutput(world, id, "ready")).toBe(true);
    expect(textOf(await world.process({ action: "log", sessionId: id, offset: 1, limit: 2 }))).toBe("l2\nl3");
    expect(textOf(await world.process({ action: "log", sessionId: id, limit: 2 }))).toBe("l5\nready");
    expect(textOf(await world.process({ action: "log", sessionId: id }))).toBe("l1\nl2\nl3\nl4\nl5\nready");
    expect(textOf(await world.process({ action: "log", sessionId: id, offset: 9 }))).toBe("(no output)");
  });

  it("kills a running command and its whole process group", async () => {
    const world = createWorld();
    const id = sessionIdOf(await world.exec({ command: "sleep 30 & sleep 30", background: true }));
    expect(await waitFor(() => processesWithEnvironment(world.marker).length >= 2, DEADLINE)).toBe(true);
    const killed = await world.process({ action: "kill", sessionId: id });
    expect(textOf(killed)).toBe(`Killed session ${id}.`);
    expect(killed.details).toEqual({ status: "killed", sessionId: id });
    expect(await waitFor(() => processesWithEnvironment(world.marker).length === 0, DEADLINE)).toBe(true);
    expect(textOf(await world.process({ action: "poll", sessionId: id }))).toBe(
      "(no new output)\n\nProcess was killed.",
    );
    expect(textOf(await world.process({ action: "list" }))).toBe(`${id} killed :: sleep 30 & sleep 30`);
    const twice = await world.process({ action: "kill", sessionId: id });
    expect(twice.isError).toBe(true);
    expect(textOf(twice)).toBe(`Session ${id} is not running.`);
  });

  it("clears only ended sessions; remove kills a running one first", async () => {
    const world = createWorld();
    const running = sessionIdOf(await world.exec({ command: "sleep 30", background: true }));
    const cleared = await world.process({ action: "clear", sessionId: running });
    expect(cleared.isError).toBe(true);
    expect(textOf(cleared)).toBe(`Session ${running} is still running; kill it first, or use action=remove.`);
    expect(textOf(await world.process({ action: "remove", sessionId: running }))).toBe(
      `Killed and removed session ${running}.`,
    );
    const ended = sessionIdOf(await world.exec({ command: "sleep 0.1", background: true }));
    await world.process({ action: "poll", sessionId: ended, timeout: 20_000 });
    expect(textOf(await world.process({ action: "clear", sessionId: ended }))).toBe(`Cleared session ${ended}.`);
    expect(textOf(await world.process({ action: "list" }))).toBe("No running or recent sessions.");
    expect(await waitFor(() => processesWithEnvironment(world.marker).length === 0, DEADLINE)).toBe(true);
  });

  it("answers unknown or missing session ids, and hides one agent's sessions from another", async () => {
    const world = createWorld();
    const id = sessionIdOf(await world.exec({ command: "sleep 30", background: true }));
    const missing = await world.process({ action: "poll" });
    expect(missing).toMatchObject({ isError: true });
    expect(textOf(missing)).toBe("sessionId is required for action poll.");
    expect(textOf(await world.process({ action: "poll", sessionId: "proc-nope" }))).toBe(
      "No session found for proc-nope.",
    );
    expect(textOf(await world.process({ action: "poll", sessionId: id }, { agentId: "other" }))).toBe(
      `No session found for ${id}.`,
    );
    expect(textOf(await world.process({ action: "list" }, { agentId: "other" }))).toBe(
      "No running or recent sessions.",
    );
    const invalid = await world.process({ action: "send-keys", sessionId: id });
    expect(invalid.isError).toBe(true);
  });

  it("keeps a host command out of reach of a sandboxed session of the same agent", async () => {
    const world = createWorld({
      ...RUN_ANYTHING,
      agents: { defaults: { sandbox: { mode: "non-main" } } },
    });
    const id = sessionIdOf(await world.exec({ command: "sleep 30", background: true }));
    const sandboxed = { sessionKey: "agent:main:subagent:child" };
    expect(textOf(await world.process({ action: "list" }, sandboxed))).toBe("No running or recent sessions.");
    expect(textOf(await world.process({ action: "kill", sessionId: id }, sandboxed))).toBe(
      `No session found for ${id}.`,
    );
    expect(textOf(await world.process({ action: "list" }))).toBe(`${id} running :: sleep 30`);
  });

  it("stops every background command when the unit's runtime stops its commands", async () => {
    const world = createWorld();
    const id = sessionIdOf(await world.exec({ command: "sleep 30 & sleep 30", background: true }));
    expect(await waitFor(() => processesWithEnvironment(world.marker).length >= 2, DEADLINE)).toBe(true);
    await world.runtime.stopCommands();
    expect(await waitFor(() => processesWithEnvironment(world.marker).length === 0, DEADLINE)).toBe(true);
    expect(textOf(await world.process({ action: "poll", sessionId: id }))).toBe(
      "(no new output)\n\nProcess ended without an exit code (it could not start or was killed).",
    );
  });
});

/** Polls the session's log (not `poll`, which would drain it) until it shows `text`. */
async function waitForOutput(world: World, id: string, text: string): Promise<boolean> {
  for (let waited = 0; waited <= DEADLINE.deadlineMs; waited += 50) {
    if (textOf(await world.process({ action: "log", sessionId: id })).includes(text)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
