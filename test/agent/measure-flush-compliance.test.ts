import { describe, expect, it } from "vitest";
import { measureFlushCompliance } from "../../src/agent/measure-flush-compliance.js";
import type { AgentEvent, WorkspaceFileChange } from "../../src/domain/index.js";

const SESSION = "agent:main:main";
const TARGET = "memory/2026-03-11.md";

/** The events of one flush run: its last reply, then the `memory_flush` event with its changes. */
function flush(runId: string, reply: string, changes: WorkspaceFileChange[], sessionId = "s1"): AgentEvent[] {
  const base = { runId, sessionKey: SESSION };
  return [
    {
      ...base,
      type: "message_end",
      message: { role: "assistant", content: [{ type: "text", text: reply }], stopReason: "end_turn" },
    },
    { ...base, type: "memory_flush", status: "completed", target: TARGET, changes, sessionId },
  ];
}

function compaction(sessionKey = SESSION): AgentEvent {
  return {
    runId: "run-c",
    sessionKey,
    type: "compaction_end",
    trigger: "threshold",
    ok: true,
    compacted: true,
    tokensBefore: 9000,
  };
}

const appended: WorkspaceFileChange = { path: TARGET, change: "modified", prefixKept: true };

describe("measureFlushCompliance", () => {
  it("is undefined when no flush recorded its changes", () => {
    expect(measureFlushCompliance([{ index: 0, events: [] }])).toBeUndefined();
    const old: AgentEvent = { runId: "r", sessionKey: SESSION, type: "memory_flush", status: "completed" };
    expect(measureFlushCompliance([{ index: 0, events: [old] }])).toBeUndefined();
  });

  it("passes a flush that appended to today's note and replied NO_REPLY", () => {
    expect(measureFlushCompliance([{ index: 0, events: flush("f1", "NO_REPLY", [appended]) }])).toEqual({
      turns: 1,
      compliant: 1,
      onlyTarget: 1,
      prefixKept: 1,
      silent: 1,
      firstInCycle: 1,
      flushes: [
        {
          turnIndex: 0,
          runId: "f1",
          target: TARGET,
          changed: [TARGET],
          onlyTarget: true,
          prefixKept: true,
          silent: true,
          firstInCycle: true,
          compliant: true,
          problems: [],
        },
      ],
    });
    const created = measureFlushCompliance([
      { index: 0, events: flush("f1", " NO_REPLY\n", [{ path: TARGET, change: "created" }]) },
    ]);
    expect(created?.compliant).toBe(1);
    expect(measureFlushCompliance([{ index: 0, events: flush("f1", "NO_REPLY", []) }])?.compliant).toBe(1);
  });

  it("fails a flush that touches another file", () => {
    const changes: WorkspaceFileChange[] = [{ path: "SOUL.md", change: "modified" }, appended];
    const flushes = measureFlushCompliance([{ index: 0, events: flush("f1", "NO_REPLY", changes) }])?.flushes;
    expect(flushes?.[0]).toMatchObject({
      changed: ["SOUL.md", TARGET],
      onlyTarget: false,
      prefixKept: true,
      compliant: false,
      problems: [`changed SOUL.md besides ${TARGET}`],
    });
  });

  it("fails a flush that rewrites the note's earlier content, or deletes it", () => {
    const rewritten = measureFlushCompliance([
      { index: 0, events: flush("f1", "NO_REPLY", [{ path: TARGET, change: "modified", prefixKept: false }]) },
    ]);
    expect(rewritten?.flushes[0]).toMatchObject({
      onlyTarget: true,
      prefixKept: false,
      problems: [`rewrote ${TARGET}: its earlier content is no longer a prefix`],
    });
    const deleted = measureFlushCompliance([
      { index: 0, events: flush("f1", "NO_REPLY", [{ path: TARGET, change: "deleted" }]) },
    ]);
    expect(deleted?.flushes[0]).toMatchObject({
      onlyTarget: false,
      prefixKept: false,
      problems: [`deleted ${TARGET}`],
    });
  });

  it("fails a flush that replies with text instead of NO_REPLY", () => {
    const result = measureFlushCompliance([
      { index: 2, events: flush("f1", "Saved the deploy notes. NO_REPLY", [appended]) },
    ]);
    expect(result).toMatchObject({ turns: 1, compliant: 0, silent: 0 });
    expect(result?.flushes[0]).toMatchObject({
      turnIndex: 2,
      problems: ['replied "Saved the deploy notes. NO_REPLY" instead of NO_REPLY'],
    });
  });

  it("fails the second flush of one compaction cycle, and allows one after a compaction or in a new session", () => {
    const result = measureFlushCompliance([
      { index: 0, events: flush("f1", "NO_REPLY", [appended]) },
      { index: 1, events: flush("f2", "NO_REPLY", [appended]) },
      { index: 2, events: [compaction("agent:main:subagent:x"), ...flush("f3", "NO_REPLY", [appended])] },
      { index: 3, events: [compaction(), ...flush("f4", "NO_REPLY", [appended])] },
      { index: 4, events: flush("f5", "NO_REPLY", [appended], "s2") },
    ]);
    expect(result?.flushes.map((turn) => turn.firstInCycle)).toEqual([true, false, false, true, true]);
    expect(result?.flushes[1]?.problems).toEqual(["flushed again in the same compaction cycle"]);
    expect(result).toMatchObject({ turns: 5, compliant: 3, firstInCycle: 3 });
  });
});
