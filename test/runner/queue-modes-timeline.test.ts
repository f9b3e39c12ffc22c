import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TOOL_ABORTED_TEXT } from "../../src/agent/execute-tool-call.js";
import { SKIPPED_FOR_STEERING_TEXT } from "../../src/agent/run-agent-loop.js";
import type { AgentEvent, Message, QueueMode, TurnResult, UnitResult } from "../../src/domain/index.js";
import { planOneUnit, runPlannedUnit } from "../support/plan-one-unit.js";
import { makeTempDir } from "../support/run-cli.js";

/**
 * Three user messages reach the main session while its first run waits on a 10-minute exec,
 * once per `messages.queue.mode`: the first arrives a minute in, the other two right behind it.
 */
async function playQueueScenario(mode: QueueMode): Promise<{ result: UnitResult; dir: string }> {
  const dir = makeTempDir();
  const unit = await planOneUnit(dir, [
    `name: three messages during a long exec (${mode})`,
    "config:",
    `  messages: { queue: { mode: ${mode} } }`,
    "  agents: { defaults: { timeoutSeconds: 3600 } }",
    "turns:",
    "  - user: run the tests",
    "    approvals: [ { match: '*', decision: allow } ]",
    "    script:",
    "      - tools:",
    `          - { tool: exec, input: { command: "echo long > '${join(dir, "long-ran")}'" }, takes: 10m }`,
    `          - { tool: exec, input: { command: "echo second > '${join(dir, "second-ran")}'" } }`,
    "      - text: tests done",
    "  - user: message A",
    '    at: "+1m"',
    "    script: [ { text: reply A } ]",
    "  - user: message B",
    "    during: previous",
    "    script: [ { text: reply B } ]",
    "  - user: message C",
    "    during: previous",
    "    script: [ { text: reply C } ]",
  ]);
  const result = await runPlannedUnit(unit, dir);
  return { result, dir };
}

type QueueEvent = Extract<AgentEvent, { type: "queue" }>;

const queueEvents = (turn: TurnResult | undefined): Omit<QueueEvent, "sessionKey">[] =>
  (turn?.events ?? []).flatMap((event) => {
    if (event.type !== "queue") return [];
    const { sessionKey: _key, ...rest } = event;
    return [rest];
  });

const runsOf = (turn: TurnResult | undefined) =>
  (turn?.events ?? []).flatMap((event) =>
    event.type === "agent_start" ? [{ runId: event.runId, input: event.input }] : [],
  );

const endOf = (turn: TurnResult | undefined, runId: string) =>
  (turn?.events ?? []).find(
    (event): event is Extract<AgentEvent, { type: "agent_end" }> => event.type === "agent_end" && event.runId === runId,
  );

const toolResults = (turn: TurnResult | undefined, runId: string) =>
  (turn?.events ?? []).flatMap((event) =>
    event.type === "tool_execution_end" && event.runId === runId
      ? [event.result.content.map((block) => ("text" in block ? block.text : "")).join("")]
      : [],
  );

const userTexts = (messages: readonly Message[]) =>
  messages.flatMap((message) => (message.role === "user" ? [message.content] : []));

describe("queue modes: three messages during a 10-minute exec", () => {
  it("collect: gathers the three messages into one follow-up run after the exec run", async () => {
    const { result, dir } = await playQueueScenario("collect");
    expect(result.status).toBe("passed");
    const [first, a, b, c] = result.turns;
    const [firstRun] = runsOf(first);
    expect(firstRun?.input).toBe("run the tests");
    // Both exec calls ran: nothing steered into the batch.
    expect(existsSync(join(dir, "long-ran"))).toBe(true);
    expect(existsSync(join(dir, "second-ran"))).toBe(true);
    expect(endOf(first, firstRun?.runId ?? "")?.success).toBe(true);
    expect(first?.reply).toBe("tests done");
    const [collectRun] = runsOf(a);
    expect(collectRun?.runId).not.toBe(firstRun?.runId);
    for (const [index, turn] of [a, b, c].entries()) {
      expect(queueEvents(turn)).toEqual([
        { type: "queue", runId: firstRun?.runId, action: "collected", mode: "collect", turnIndex: index + 1 },
        {
          type: "queue",
          runId: collectRun?.runId,
          action: "started",
          mode: "collect",
          turnIndex: 1,
          turnIndexes: [1, 2, 3],
        },
      ]);
      // One run carries all three: the first collected message's script answers it.
      expect(runsOf(turn)).toEqual([collectRun]);
      expect(turn?.reply).toBe("reply A");
    }
    const input = collectRun?.input ?? "";
    expect(input.indexOf("message A")).toBeGreaterThan(-1);
    expect(input.indexOf("message A")).toBeLessThan(input.indexOf("message B"));
    expect(input.indexOf("message B")).toBeLessThan(input.indexOf("message C"));
  });

  it("followup: each message gets a run of its own, in arrival order, after the exec run", async () => {
    const { result } = await playQueueScenario("followup");
    expect(result.status).toBe("passed");
    const [first, ...later] = result.turns;
    const [firstRun] = runsOf(first);
    expect(first?.reply).toBe("tests done");
    const runIds = new Set<string>();
    for (const [index, turn] of later.entries()) {
      const letter = "ABC"[index];
      expect(queueEvents(turn)).toEqual([
        { type: "queue", runId: firstRun?.runId, action: "queued", mode: "followup", turnIndex: index + 1 },
      ]);
      const runs = runsOf(turn);
      expect(runs.map((run) => run.input)).toEqual([`message ${letter}`]);
      runIds.add(runs[0]?.runId ?? "");
      expect(turn?.reply).toBe(`reply ${letter}`);
    }
    expect(runIds.size).toBe(3);
    expect(runIds.has(firstRun?.runId ?? "")).toBe(false);
  });

  it("steer: injects the messages into the running loop and skips the rest of the tool batch", async () => {
    const { result, dir } = await playQueueScenario("steer");
    expect(result.status).toBe("passed");
    const [first, ...later] = result.turns;
    const [firstRun] = runsOf(first);
    const runId = firstRun?.runId ?? "";
    // The long exec ran to its end; the second call of the batch was skipped for the steering messages.
    expect(existsSync(join(dir, "long-ran"))).toBe(true);
    expect(existsSync(join(dir, "second-ran"))).toBe(false);
    expect(toolResults(first, runId)).toHaveLength(2);
    expect(toolResults(first, runId)[1]).toBe(SKIPPED_FOR_STEERING_TEXT);
    const end = endOf(first, runId);
    expect(end?.success).toBe(true);
    // The steered messages join the run after the tool results, before the next model call.
    expect(userTexts(end?.messages ?? [])).toEqual(["run the tests", "message A", "message B", "message C"]);
    const roles = (end?.messages ?? []).map((message) => message.role);
    expect(roles).toEqual(["user", "assistant", "tool_result", "tool_result", "user", "user", "user", "assistant"]);
    for (const [index, turn] of later.entries()) {
      expect(queueEvents(turn)).toEqual([
        {
          type: "queue",
          runId,
          action: "steered",
          mode: "steer",
          turnIndex: index + 1,
          targetRunId: runId,
        },
      ]);
      // No run of their own: the message rides on the exec run and settles with it.
      expect(runsOf(turn)).toEqual([]);
      expect(turn?.reply).toBe("tests done");
    }
  });

  it("steer-backlog: steers each message and also keeps a follow-up run for it", async () => {
    const { result, dir } = await playQueueScenario("steer-backlog");
    expect(result.status).toBe("passed");
    const [first, ...later] = result.turns;
    const [firstRun] = runsOf(first);
    const runId = firstRun?.runId ?? "";
    expect(existsSync(join(dir, "second-ran"))).toBe(false);
    expect(toolResults(first, runId)[1]).toBe(SKIPPED_FOR_STEERING_TEXT);
    expect(userTexts(endOf(first, runId)?.messages ?? [])).toEqual([
      "run the tests",
      "message A",
      "message B",
      "message C",
    ]);
    for (const [index, turn] of later.entries()) {
      const letter = "ABC"[index];
      expect(
        queueEvents(turn).map(({ action, turnIndex, targetRunId }) => ({ action, turnIndex, targetRunId })),
      ).toEqual([
        { action: "steered", turnIndex: index + 1, targetRunId: runId },
        { action: "queued", turnIndex: index + 1, targetRunId: undefined },
      ]);
      const own = runsOf(turn).filter((run) => run.runId !== runId);
      expect(own.map((run) => run.input)).toEqual([`message ${letter}`]);
      // The message rode on two runs: the steered one and its own follow-up, whose reply is last.
      expect(turn?.reply.endsWith(`reply ${letter}`)).toBe(true);
    }
  });

  it("interrupt: aborts the exec run before its tool runs, then runs the messages", async () => {
    const { result, dir } = await playQueueScenario("interrupt");
    expect(result.status).toBe("passed");
    const [first, ...later] = result.turns;
    const [firstRun] = runsOf(first);
    const runId = firstRun?.runId ?? "";
    // Neither call of the batch ran: the aborted run starts no further tool.
    expect(existsSync(join(dir, "long-ran"))).toBe(false);
    expect(existsSync(join(dir, "second-ran"))).toBe(false);
    expect(toolResults(first, runId)).toEqual([TOOL_ABORTED_TEXT, TOOL_ABORTED_TEXT]);
    const end = endOf(first, runId);
    expect(end).toMatchObject({
      success: false,
      stopReason: "aborted",
      error: "interrupted by a newer message (messages.queue.mode interrupt)",
    });
    expect(queueEvents(first).map(({ action, turnIndex }) => `${action} ${turnIndex}`)).toContain("interrupted 1");
    for (const [index, turn] of later.entries()) {
      const letter = "ABC"[index];
      // A interrupts the run; B and C arrive while that run is still being aborted, so they
      // queue behind A instead of interrupting it again, and the three run in arrival order.
      expect(queueEvents(turn)[0]).toMatchObject(
        index === 0
          ? { action: "interrupted", mode: "interrupt", turnIndex: 1, targetRunId: runId }
          : { action: "queued", mode: "interrupt", turnIndex: index + 1 },
      );
      expect(runsOf(turn).map((run) => run.input)).toEqual([`message ${letter}`]);
      expect(turn?.reply).toBe(`reply ${letter}`);
    }
  });
});
