import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";
import { MAX_OUTPUT_CHARS } from "../../src/tools/cap-output.js";
import { execTool } from "../../src/tools/exec-tool.js";
import { approvalEvents, createFakeExecWorld, fixedApprover } from "./exec-test-helpers.js";
import { callTool, removeTestRoots, textOf } from "./tool-test-helpers.js";

afterEach(removeTestRoots);

const BINS = { "/usr/bin": ["ls", "touch", "wc", "cat"], "/opt/bin": ["tool"] };

function world(options: { config?: Record<string, unknown>; outcome?: Record<string, unknown> } = {}) {
  return createFakeExecWorld({
    files: { "notes/a.txt": "a\n", "README.md": "r\n" },
    bins: BINS,
    ...(options.config ? { config: options.config } : {}),
    ...(options.outcome ? { outcome: options.outcome } : {}),
  });
}

describe("exec approvals answered inside the call", () => {
  it("allow-once runs the command; the events carry the run identity and one approval id", async () => {
    const { context, executed, events, runtime } = world();
    const approver = fixedApprover("allow-once");
    const result = await callTool(execTool, { command: "touch done.txt" }, context({ approver }));
    expect(textOf(result)).toBe("Exit code 0\nstdout:\nran");
    expect(result.isError).toBe(false);
    expect(approver.seen).toEqual(["touch done.txt"]);
    expect(executed.map((request) => [request.command, request.cwd])).toEqual([["touch done.txt", runtime.root]]);
    const [requested, decided] = events;
    expect(requested).toMatchObject({
      type: "exec_approval",
      phase: "requested",
      runId: "run-1",
      sessionKey: "agent:main:main",
    });
    expect(decided).toMatchObject({ type: "exec_approval", phase: "decided", decision: "allow-once", runId: "run-1" });
    expect(requested?.type === "exec_approval" && decided?.type === "exec_approval").toBe(true);
    if (requested?.type === "exec_approval" && decided?.type === "exec_approval") {
      expect(decided.approvalId).toBe(requested.approvalId);
      expect(result.details).toMatchObject({ approvalId: requested.approvalId, exitCode: 0 });
    }
    expect(events).toHaveLength(2);
  });

  it("gives the approver the command and the resolved working directory", async () => {
    const { context, runtime } = world();
    const requests: unknown[] = [];
    await callTool(
      execTool,
      { command: "touch x", workdir: "notes" },
      context({
        approver: async (request) => {
          requests.push(request);
          return "deny";
        },
      }),
    );
    expect(requests).toEqual([
      { approvalId: expect.any(String), command: "touch x", workdir: join(runtime.root, "notes") },
    ]);
  });

  it("deny refuses with user-denied and never executes", async () => {
    const { context, executed, events } = world();
    const result = await callTool(execTool, { command: "touch x" }, context({ approver: fixedApprover("deny") }));
    const id = events[0]?.type === "exec_approval" ? events[0].approvalId : "?";
    expect({ text: textOf(result), isError: result.isError }).toEqual({
      text: `Exec denied (gateway id=${id}, user-denied): touch x`,
      isError: true,
    });
    expect(approvalEvents(events)).toEqual([{ phase: "requested" }, { phase: "decided", decision: "deny" }]);
    expect(executed).toEqual([]);
  });

  it("allow-always stores each resolved path, so the same command later runs without asking", async () => {
    const { context, executed, events, runtime } = world();
    const approver = fixedApprover("allow-always");
    await callTool(execTool, { command: "touch x | cat" }, context({ approver }));
    const store = JSON.parse(readFileSync(join(runtime.stateDir, "exec-approvals.json"), "utf8"));
    expect(store.agents.main.allowlist.map((entry: { pattern: string }) => entry.pattern)).toEqual([
      "/usr/bin/touch",
      "/usr/bin/cat",
    ]);
    events.length = 0;
    const again = await callTool(execTool, { command: "touch y" }, context({ approver }));
    expect(again.isError).toBe(false);
    expect(approver.seen).toEqual(["touch x | cat"]);
    expect(events).toEqual([]);
    expect(executed.map((request) => request.command)).toEqual(["touch x | cat", "touch y"]);
  });

  it("without an answer applies askFallback: deny, allowlist (satisfied or not) and full", async () => {
    const cases = [
      { askFallback: "deny", command: "touch x", ran: false, reason: "approval-timeout" },
      { askFallback: "allowlist", command: "touch x", ran: false, reason: "approval-timeout (allowlist-miss)" },
      { askFallback: "allowlist", command: "ls -la", ran: true, reason: "" },
      { askFallback: "full", command: "touch x", ran: true, reason: "" },
    ];
    for (const { askFallback, command, ran, reason } of cases) {
      const created = world({ config: { tools: { exec: { ask: "always", askFallback, security: "full" } } } });
      created.writeStore({ agents: { main: { allowlist: [{ pattern: "ls" }] } } });
      for (const approver of [undefined, fixedApprover(undefined)]) {
        created.executed.length = 0;
        created.events.length = 0;
        const result = await callTool(execTool, { command }, created.context(approver ? { approver } : {}));
        const id = created.events[0]?.type === "exec_approval" ? created.events[0].approvalId : "?";
        const label = `${askFallback} ${command} ${approver ? "silent approver" : "no approver"}`;
        expect(approvalEvents(created.events), label).toEqual([
          { phase: "requested" },
          { phase: "decided", decision: "timeout" },
        ]);
        expect(created.executed.length, label).toBe(ran ? 1 : 0);
        expect(textOf(result), label).toBe(
          ran ? "Exit code 0\nstdout:\nran" : `Exec denied (gateway id=${id}, ${reason}): ${command}`,
        );
      }
    }
  });
});

describe("exec safe bins read stdin only", () => {
  it.each([
    ["cat README.md | wc -l", true],
    ["wc -l missing.txt", true],
    ["wc -l README.md", false],
    ["wc -l a.txt", true],
    ["wc --files0-from=README.md", false],
    ["wc -l notes/a.txt", false],
    ["wc -l *", false],
    ["wc -l $FILE", false],
    ["wc -l ~", false],
    ["wc -l /no/such/file", false],
    ["tool", false],
  ])("%j runs without asking: %s", async (command, runs) => {
    const created = world();
    created.writeStore({ agents: { main: { allowlist: [{ pattern: "/usr/bin/cat" }] } } });
    await callTool(execTool, { command }, created.context());
    expect(created.executed.length).toBe(runs ? 1 : 0);
    expect(approvalEvents(created.events).length).toBe(runs ? 0 : 2);
  });

  it("judges file arguments against the working directory", async () => {
    const created = world();
    await callTool(execTool, { command: "wc -l a.txt", workdir: "notes" }, created.context());
    expect(created.executed).toEqual([]);
    await callTool(execTool, { command: "wc -l README.md", workdir: "notes" }, created.context());
    expect(created.executed.map((request) => request.cwd)).toEqual([join(created.runtime.root, "notes")]);
  });
});

describe("exec arguments", () => {
  it("refuses a workdir outside the workspace before anything else", async () => {
    const { context, executed, events, writeStore } = world();
    writeStore("not an object");
    for (const workdir of ["..", "../elsewhere", "/etc", "notes/../.."]) {
      const result = await callTool(execTool, { command: "ls", workdir }, context());
      expect({ text: textOf(result), isError: result.isError }).toEqual({
        text: `Path escapes workspace root: ${workdir}`,
        isError: true,
      });
    }
    expect([executed, events]).toEqual([[], []]);
  });

  it("refuses a workdir that is not a folder", async () => {
    const { context, executed } = world();
    for (const workdir of ["README.md", "nope"]) {
      const result = await callTool(execTool, { command: "ls", workdir }, context());
      expect(textOf(result)).toBe(`Working directory not found: ${workdir}`);
    }
    expect(executed).toEqual([]);
  });

  it("passes the run's env and the timeout in ms: default 1800 s, clamped to 3600 s", async () => {
    const { context, executed, runtime } = world({ config: { tools: { exec: { security: "full" } } } });
    await callTool(execTool, { command: "ls" }, context());
    await callTool(execTool, { command: "ls", timeout: 5 }, context());
    await callTool(execTool, { command: "ls", timeout: 1e9 }, context());
    expect(executed.map((request) => request.timeoutMs)).toEqual([1_800_000, 5_000, 3_600_000]);
    expect(executed[0]?.env).toBe(runtime.env);
    const invalid = await callTool(execTool, { command: "ls", timeout: 0 }, context());
    expect(textOf(invalid)).toBe('Invalid arguments for exec: "timeout" must be a number ≥ 1');
    expect(executed).toHaveLength(3);
  });

  it("refuses every call while the approvals store is malformed, naming the file", async () => {
    const { context, executed, writeStore, runtime } = world({ config: { tools: { exec: { security: "full" } } } });
    writeStore({ version: 1, agents: { main: { security: "most" } } });
    const result = await callTool(execTool, { command: "ls" }, context());
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      new RegExp(
        `^exec approvals store ${join(runtime.stateDir, "exec-approvals.json")} is invalid: agents.main.security`,
      ),
    );
    expect(executed).toEqual([]);
  });

  const sandboxed = { agents: { defaults: { sandbox: { mode: "all" } } } };

  it("runs anything without approval in a sandboxed session, inside bubblewrap", async () => {
    const { context, executed, events, runtime } = createFakeExecWorld({
      bins: { "/usr/bin": ["bwrap"] },
      config: sandboxed,
    });
    const result = await callTool(execTool, { command: "curl x > y" }, context());
    expect(result.isError).toBe(false);
    expect(events).toEqual([]);
    expect(executed).toHaveLength(1);
    const shellCommand = executed[0]?.command ?? "";
    expect(shellCommand.startsWith("exec '/usr/bin/bwrap' '--unshare-all' ")).toBe(true);
    expect(shellCommand).toContain(`'--bind' '${runtime.root}' '${runtime.root}'`);
    expect(shellCommand.endsWith("'/bin/sh' '-c' 'curl x > y'")).toBe(true);
  });

  it("refuses a sandboxed command when bubblewrap is not on PATH, and never runs it on the host", async () => {
    const { context, executed } = createFakeExecWorld({ bins: { "/usr/bin": ["ls"] }, config: sandboxed });
    const result = await callTool(execTool, { command: "ls" }, context());
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^exec refused: this session is sandboxed .*isolation is unavailable/);
    expect(textOf(result)).toContain("apt-get install -y bubblewrap");
    expect(executed).toEqual([]);
  });

  it("reports a sandbox that could not start as an error, not as the command's exit", async () => {
    const { context } = createFakeExecWorld({
      bins: { "/usr/bin": ["bwrap"] },
      config: sandboxed,
      outcome: { exitCode: 1, stdout: "", stderr: "bwrap: No permissions to create new namespace\n" },
    });
    const result = await callTool(execTool, { command: "ls" }, context());
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("the sandbox could not start (bwrap: No permissions to create new namespace)");
  });
});

describe("exec output", () => {
  const full = { tools: { exec: { security: "full" } } };

  it("reports a non-zero exit as a normal result with both streams", async () => {
    const { context } = world({ config: full, outcome: { exitCode: 2, stdout: "partial\n", stderr: "boom\n" } });
    const result = await callTool(execTool, { command: "ls" }, context());
    expect({ text: textOf(result), isError: result.isError, details: result.details }).toEqual({
      text: "Exit code 2\nstdout:\npartial\nstderr:\nboom",
      isError: false,
      details: { exitCode: 2, timedOut: false, status: "failed" },
    });
  });

  it("says when there was no output", async () => {
    const { context } = world({ config: full, outcome: { stdout: "" } });
    expect(textOf(await callTool(execTool, { command: "ls" }, context()))).toBe("Exit code 0\n(no output)");
  });

  it("makes a timeout and a command that never finished error results", async () => {
    const timedOut = world({ config: full, outcome: { exitCode: null, timedOut: true, stdout: "tick\n" } });
    const slow = await callTool(execTool, { command: "sleep 9", timeout: 2 }, timedOut.context());
    expect({ text: textOf(slow), isError: slow.isError }).toEqual({
      text: "Command timed out after 2 s and was stopped: sleep 9\nstdout:\ntick",
      isError: true,
    });
    const killed = world({ config: full, outcome: { exitCode: null, stdout: "", stderr: "spawn ENOENT" } });
    const failed = await callTool(execTool, { command: "ls" }, killed.context());
    expect({ text: textOf(failed), isError: failed.isError }).toEqual({
      text: "Command did not finish (it could not start or was killed): ls\nstderr:\nspawn ENOENT",
      isError: true,
    });
  });

  it("caps long output like the other tools", async () => {
    const line = `${"x".repeat(99)}\n`;
    const { context } = world({ config: full, outcome: { stdout: line.repeat(1000) } });
    const text = textOf(await callTool(execTool, { command: "ls" }, context()));
    expect(text.length).toBeLessThanOrEqual(MAX_OUTPUT_CHARS + 100);
    expect(text.endsWith(`[output cut at ${MAX_OUTPUT_CHARS} characters]`)).toBe(true);
  });
});

describe("exec on the real shell", () => {
  it("runs with /bin/sh in the workdir with only the run's env", async () => {
    const runtime = createTestRuntime({ env: { PATH: "/usr/bin:/bin", GREETING: "hello" } });
    onTestFinished(() => rmSync(runtime.root, { recursive: true, force: true }));
    mkdirSync(join(runtime.root, "sub"));
    const result = await callTool(
      execTool,
      { command: 'printf "%s\\n" "$GREETING" && pwd && ls nope', workdir: "sub" },
      { runtime, workspaceDir: runtime.root, toolCallId: "c", config: { tools: { exec: { security: "full" } } } },
    );
    const text = textOf(result);
    expect(result.isError).toBe(false);
    expect(text).toMatch(new RegExp(`^Exit code [12]\nstdout:\nhello\n${join(runtime.root, "sub")}\nstderr:\n.*nope`));
  });
});
