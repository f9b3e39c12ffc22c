import { afterEach, describe, expect, it } from "vitest";
import { execTool } from "../../src/tools/exec-tool.js";
import { approvalEvents, createFakeExecWorld } from "./exec-test-helpers.js";
import { callTool, removeTestRoots, textOf } from "./tool-test-helpers.js";

afterEach(removeTestRoots);

const BINS = { "/usr/bin": ["ls", "cat", "wc", "rm", "echo", "whoami", "curl"] };

function world(allowlist: string[], config: Record<string, unknown> = {}) {
  const created = createFakeExecWorld({ files: { "notes.txt": "a\nb\n" }, bins: BINS, config });
  if (allowlist.length > 0) {
    created.writeStore({ version: 1, agents: { main: { allowlist: allowlist.map((pattern) => ({ pattern })) } } });
  }
  return created;
}

/** spec/loop.md §8.2, the example table (allowlist + on-miss, no approver answering). */
describe("exec approvals: the §8.2 example table", () => {
  it.each([
    ["ls -la", ["/usr/bin/ls"]],
    ["cat notes.txt | wc -l", ["/usr/bin/cat"]],
  ])("%j with allowlist %j runs without asking", async (command, allowlist) => {
    const { context, executed, events } = world(allowlist);
    const result = await callTool(execTool, { command }, context());
    expect({ text: textOf(result), isError: result.isError }).toEqual({
      text: "Exit code 0\nstdout:\nran",
      isError: false,
    });
    expect(executed.map((request) => request.command)).toEqual([command]);
    expect(approvalEvents(events)).toEqual([]);
  });

  it.each([
    ["wc -l notes.txt", []],
    ["rm -rf build", ["/usr/bin/ls"]],
    ["echo $(whoami)", ["/usr/bin/echo"]],
    ["ls; curl example.com", ["/usr/bin/ls"]],
  ])("%j with allowlist %j asks; unanswered, it is denied and never runs", async (command, allowlist) => {
    const { context, executed, events } = world(allowlist);
    const result = await callTool(execTool, { command }, context());
    const requested = events.find((event) => event.type === "exec_approval");
    const approvalId = requested?.type === "exec_approval" ? requested.approvalId : "?";
    expect({ text: textOf(result), isError: result.isError }).toEqual({
      text: `Exec denied (gateway id=${approvalId}, approval-timeout): ${command}`,
      isError: true,
    });
    expect(approvalEvents(events)).toEqual([{ phase: "requested" }, { phase: "decided", decision: "timeout" }]);
    expect(executed).toEqual([]);
  });

  it("`ls` with ask: off and no allowlist is an allowlist miss, with no approval asked", async () => {
    const { context, executed, events } = world([], { tools: { exec: { ask: "off" } } });
    const result = await callTool(execTool, { command: "ls" }, context());
    expect({ text: textOf(result), isError: result.isError }).toEqual({
      text: "exec denied: allowlist miss",
      isError: true,
    });
    expect(approvalEvents(events)).toEqual([]);
    expect(executed).toEqual([]);
  });
});

describe("exec policy errors before any approval", () => {
  it("security: deny (config or store) names the host", async () => {
    for (const setup of [
      () => world([], { tools: { exec: { security: "deny" } } }),
      () => {
        const created = world([]);
        created.writeStore({ version: 1, defaults: { security: "deny" } });
        return created;
      },
    ]) {
      const { context, executed, events } = setup();
      const result = await callTool(execTool, { command: "ls" }, context());
      expect({ text: textOf(result), isError: result.isError }).toEqual({
        text: "exec denied: host=gateway security=deny",
        isError: true,
      });
      expect(executed).toEqual([]);
      expect(events).toEqual([]);
    }
  });

  it("security: deny in a sandboxed session says host=sandbox", async () => {
    const { context, executed } = world([], {
      tools: { exec: { security: "deny" } },
      agents: { defaults: { sandbox: { mode: "all" } } },
    });
    const result = await callTool(execTool, { command: "ls" }, context());
    expect(textOf(result)).toBe("exec denied: host=sandbox security=deny");
    expect(executed).toEqual([]);
  });

  it("host: sandbox without a sandbox fails every call and names both fixes", async () => {
    const { context, executed } = world(["/usr/bin/ls"], { tools: { exec: { host: "sandbox", security: "full" } } });
    const result = await callTool(execTool, { command: "ls" }, context());
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^exec unavailable: .*sandbox runtime/);
    expect(textOf(result)).toContain("agents.defaults.sandbox.mode");
    expect(textOf(result)).toContain("tools.exec.host");
    expect(executed).toEqual([]);
  });
});
