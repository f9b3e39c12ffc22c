import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/domain/index.js";
import { located, TEST_LOCATION } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";

const base = { runId: "run-1", sessionKey: "agent:main:main" };

const turnEvents: AgentEvent[] = [
  { ...base, type: "agent_start", input: "first", kind: "user" },
  { ...base, type: "turn_start", step: 1 },
  { ...base, type: "queue", action: "queued", mode: "followup", turnIndex: 1 },
  { ...base, type: "queue", action: "steered", mode: "steer", turnIndex: 2, targetRunId: "run-1" },
  { ...base, type: "turn_start", step: 2 },
  { ...base, runId: "run-2", type: "queue", action: "started", mode: "followup", turnIndex: 1, turnIndexes: [1, 3] },
  { ...base, runId: "hb", type: "heartbeat", status: "skipped", reason: "requests-in-flight" },
];

async function check(expectation: { event: AgentEvent["type"]; fields?: Record<string, unknown>; times?: number }) {
  const { event, fields = {}, times } = expectation;
  return checkOne(located({ type: "event", event, fields, ...(times === undefined ? {} : { times }) }), {
    result: { events: turnEvents },
  });
}

describe("event", () => {
  it("passes when an event of the type contains the fields, and lists the events of that type", async () => {
    expect(await check({ event: "queue", fields: { action: "steered" } })).toEqual({
      type: "event",
      pass: true,
      message: 'event queue with {"action":"steered"}',
      expected: 'queue with {"action":"steered"}',
      actual: [
        'queue {action: "queued", mode: "followup", turnIndex: 1}',
        'queue {action: "steered", mode: "steer", turnIndex: 2, targetRunId: "run-1"}',
        'queue {action: "started", mode: "followup", turnIndex: 1, turnIndexes: [1,3]}',
      ].join("\n"),
      location: TEST_LOCATION,
    });
  });

  it("counts exactly `times` matching events, 0 meaning none", async () => {
    const once = await check({
      event: "heartbeat",
      fields: { status: "skipped", reason: "requests-in-flight" },
      times: 1,
    });
    expect(once).toMatchObject({
      pass: true,
      message: 'event heartbeat with {"reason":"requests-in-flight","status":"skipped"}, exactly 1 time',
    });
    const none = await check({ event: "queue", fields: { action: "dropped" }, times: 0 });
    expect(none).toMatchObject({ pass: true, message: 'event queue with {"action":"dropped"}, exactly 0 times' });
    expect(await check({ event: "run_timeout", times: 0 })).toMatchObject({ pass: true });
    expect(await check({ event: "queue", fields: { mode: "followup" }, times: 2 })).toMatchObject({ pass: true });
  });

  it("matches fields as a deep subset: nested objects by keys, lists element by element, any common field", async () => {
    expect(await check({ event: "queue", fields: { turnIndexes: [1, 3] } })).toMatchObject({ pass: true });
    expect(await check({ event: "queue", fields: { turnIndexes: [1] } })).toMatchObject({ pass: false });
    expect(await check({ event: "queue", fields: { runId: "run-2", action: "started" } })).toMatchObject({
      pass: true,
    });
    expect(await check({ event: "queue", fields: { runId: "run-1", action: "started" } })).toMatchObject({
      pass: false,
    });
    const nested = await checkOne(located({ type: "event", event: "delivery", fields: { status: "sent" } }), {
      result: { events: [{ ...base, type: "delivery", status: "skipped", reason: "silent" }] },
    });
    expect(nested.pass).toBe(false);
    expect(await check({ event: "queue" })).toMatchObject({ pass: true, message: "event queue" });
  });

  it("counts only events of the given type", async () => {
    // `turn_start` carries `step`, `queue` does not: a queue expectation never sees it.
    const result = await check({ event: "queue", fields: { step: 1 } });
    expect(result).toMatchObject({ pass: false });
  });

  it("fails without an event of the type and names the event types the turn had", async () => {
    expect(await check({ event: "run_timeout" })).toEqual({
      type: "event",
      pass: false,
      message:
        "no run_timeout event in the turn (check the type, or what should cause it); the turn had agent_start, turn_start ×2, queue ×3, heartbeat",
      expected: "run_timeout",
      actual: "no run_timeout events; the turn had agent_start, turn_start ×2, queue ×3, heartbeat",
      location: TEST_LOCATION,
    });
    const empty = await checkOne(located({ type: "event", event: "queue", fields: {} }), { result: { events: [] } });
    expect(empty.actual).toBe("no queue events; the turn had no events");
  });

  it("fails when no event of the type has the fields, showing the ones found (the message cut at 300 chars)", async () => {
    const result = await check({ event: "queue", fields: { action: "interrupted" } });
    expect(result).toMatchObject({
      pass: false,
      message:
        'none of the turn\'s 3 queue events has {"action":"interrupted"} (compare the fields with what was found): queue {action: "queued", mode: "followup", turnIndex: 1}; queue {action: "steered", mode: "steer", turnIndex: 2, targetRunId: "run-1"}; queue {action: "started", mode: "followup", turnIndex: 1, t… (18 more chars)',
    });
  });

  it("names a field that no event of the type has, with the fields they do have", async () => {
    const result = await check({ event: "queue", fields: { acton: "steered" } });
    expect(result).toMatchObject({
      pass: false,
      message:
        'no queue event has field "acton" (check the name; queue events have action, mode, turnIndex, targetRunId, turnIndexes)',
    });
  });

  it("fails on too many matching events and lists them", async () => {
    const result = await check({ event: "queue", fields: { mode: "followup" }, times: 1 });
    expect(result).toEqual({
      type: "event",
      pass: false,
      message:
        'queue with {"mode":"followup"}: 2 matching events, expected exactly 1 (narrow the fields, or change times): queue {action: "queued", mode: "followup", turnIndex: 1}; queue {action: "started", mode: "followup", turnIndex: 1, turnIndexes: [1,3]}',
      expected: 'queue with {"mode":"followup"}, exactly 1 time',
      actual: [
        'queue {action: "queued", mode: "followup", turnIndex: 1}',
        'queue {action: "steered", mode: "steer", turnIndex: 2, targetRunId: "run-1"}',
        'queue {action: "started", mode: "followup", turnIndex: 1, turnIndexes: [1,3]}',
      ].join("\n"),
      location: TEST_LOCATION,
    });
    const dropped = await checkOne(
      located({ type: "event", event: "queue", fields: { action: "dropped" }, times: 0 }),
      {
        result: { events: [{ ...base, type: "queue", action: "dropped", mode: "collect", turnIndex: 4 }] },
      },
    );
    expect(dropped.message).toBe(
      'queue with {"action":"dropped"}: 1 matching event, expected exactly 0 (narrow the fields, or change times): queue {action: "dropped", mode: "collect", turnIndex: 4}',
    );
  });

  it("fails on too few matching events and shows every event of the type", async () => {
    const result = await check({ event: "queue", fields: { action: "steered" }, times: 2 });
    expect(result.pass).toBe(false);
    expect(result.message).toMatch(
      /^queue with \{"action":"steered"\}: 1 matching event, expected exactly 2; the turn's queue events: queue \{action: "queued", .*; queue \{action: "steered", .*; queue \{action: "started", /,
    );
  });

  it("shows runId and sessionKey of the events when the expectation names them", async () => {
    const result = await check({ event: "queue", fields: { sessionKey: "agent:main:whatsapp:group:family" } });
    expect(result.message).toContain('queue {sessionKey: "agent:main:main", action: "queued"');
    expect(result.actual).not.toContain("runId");
    const both = await check({ event: "queue", fields: { runId: "run-9", sessionKey: "agent:main:main" } });
    expect(both.actual).toContain('queue {runId: "run-1", sessionKey: "agent:main:main", action: "queued"');
  });

  it("cuts long field values short", async () => {
    const long = "x".repeat(200);
    const result = await checkOne(located({ type: "event", event: "agent_start", fields: { input: "y" } }), {
      result: { events: [{ ...base, type: "agent_start", input: long, kind: "user" }] },
    });
    expect(result.actual).toBe(`agent_start {input: "${"x".repeat(40)}"… (160 more chars), kind: "user"}`);
  });
});
