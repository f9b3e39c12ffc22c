import { describe, expect, it } from "vitest";
import type { AgentEvent, Expectation } from "../../src/domain/index.js";
import { TEST_LOCATION } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";

const base = { runId: "r", sessionKey: "agent:main:main" };
const sent = (text: string): AgentEvent => ({ ...base, type: "delivery", status: "sent", text });
const skipped = (reason: string): AgentEvent => ({ ...base, type: "delivery", status: "skipped", reason });

function expectation(type: "heartbeat-ack" | "delivered" | "reply-silent", value: boolean): Expectation {
  return { type, value, location: TEST_LOCATION };
}

async function passes(
  type: "heartbeat-ack" | "delivered" | "reply-silent",
  value: boolean,
  reply: string,
  events: AgentEvent[],
): Promise<boolean> {
  return (await checkOne(expectation(type, value), { result: { reply, events } })).pass;
}

describe("heartbeat-ack", () => {
  it("passes for an ack by the spec's stripping when nothing was delivered", async () => {
    expect(await passes("heartbeat-ack", true, " HEARTBEAT_OK\n", [skipped("heartbeat")])).toBe(true);
    expect(await passes("heartbeat-ack", true, "**HEARTBEAT_OK**", [skipped("heartbeat")])).toBe(true);
    // Under showOk the runtime itself sends a bare HEARTBEAT_OK: the ack is still an ack.
    expect(await passes("heartbeat-ack", true, "HEARTBEAT_OK", [sent("HEARTBEAT_OK")])).toBe(true);
    expect(await passes("heartbeat-ack", true, "NO_REPLY", [sent("HEARTBEAT_OK")])).toBe(false);
    expect(await passes("heartbeat-ack", true, "All quiet. HEARTBEAT_OK", [skipped("heartbeat")])).toBe(true);
    expect(await passes("heartbeat-ack", false, "HEARTBEAT_OK", [skipped("heartbeat")])).toBe(false);
  });

  it("passes for a heartbeat the runtime skipped before any model call, and says why", async () => {
    const skip = { runId: "run-1", sessionKey: "agent:main:main", type: "heartbeat", status: "skipped" } as const;
    const quiet = [{ ...skip, reason: "quiet-hours" }];
    expect(await passes("heartbeat-ack", true, "", quiet)).toBe(true);
    expect(await passes("heartbeat-ack", false, "", quiet)).toBe(false);
    const outcome = await checkOne(expectation("heartbeat-ack", false), { result: { reply: "", events: quiet } });
    expect(outcome.message).toContain("skipped before the model (quiet-hours)");
    // A skip after the run started (a duplicate alert) is judged on the reply as before.
    const started = [
      { runId: "run-1", sessionKey: "agent:main:main", type: "agent_start", input: "", kind: "heartbeat" } as const,
      { ...skip, reason: "duplicate" },
    ];
    expect(await passes("heartbeat-ack", true, "Disk full!", started)).toBe(false);
  });

  it("fails when other text was delivered or the reply is no ack, showing reply and delivery", async () => {
    expect(await passes("heartbeat-ack", true, "HEARTBEAT_OK", [sent("HEARTBEAT_OK and also news")])).toBe(false);
    expect(await passes("heartbeat-ack", false, "Server is down!", [sent("Server is down!")])).toBe(true);
    expect(
      await checkOne(expectation("heartbeat-ack", true), {
        result: { reply: "All fine!", events: [sent("All fine!")] },
      }),
    ).toEqual({
      type: "heartbeat-ack",
      pass: false,
      message:
        'expected a heartbeat acknowledgement, but not a heartbeat acknowledgement: reply "All fine!", delivery: sent "All fine!"',
      expected: "true",
      actual: 'false (reply "All fine!"; delivery: sent "All fine!")',
      location: TEST_LOCATION,
    });
  });
});

describe("delivered", () => {
  it("compares whether a sent delivery exists", async () => {
    expect(await passes("delivered", true, "Alert!", [sent("Alert!")])).toBe(true);
    expect(await passes("delivered", true, "HEARTBEAT_OK", [skipped("heartbeat")])).toBe(false);
    expect(await passes("delivered", false, "", [])).toBe(true);
    expect(await checkOne(expectation("delivered", false), { result: { reply: "Hi", events: [sent("Hi")] } })).toEqual({
      type: "delivered",
      pass: false,
      message: 'expected no delivery, but a delivery: reply "Hi", delivery: sent "Hi"',
      expected: "false",
      actual: 'true (reply "Hi"; delivery: sent "Hi")',
      location: TEST_LOCATION,
    });
  });
});

describe("reply-silent", () => {
  it("passes for a silent skip or a bare NO_REPLY", async () => {
    expect(await passes("reply-silent", true, "NO_REPLY", [skipped("silent")])).toBe(true);
    expect(await passes("reply-silent", true, "  NO_REPLY ", [])).toBe(true);
    expect(await passes("reply-silent", true, "Done. NO_REPLY", [skipped("silent")])).toBe(true);
    expect(await passes("reply-silent", false, "Here you go.", [sent("Here you go.")])).toBe(true);
  });

  it("fails for chatter instead of silence, and silence instead of an answer", async () => {
    expect(await passes("reply-silent", true, "", [skipped("empty")])).toBe(false);
    expect(
      await checkOne(expectation("reply-silent", true), { result: { reply: "Done!", events: [sent("Done!")] } }),
    ).toEqual({
      type: "reply-silent",
      pass: false,
      message: 'expected a silent reply, but a non-silent reply: reply "Done!", delivery: sent "Done!"',
      expected: "true",
      actual: 'false (reply "Done!"; delivery: sent "Done!")',
      location: TEST_LOCATION,
    });
    expect(
      (
        await checkOne(expectation("reply-silent", false), {
          result: { reply: "NO_REPLY", events: [skipped("silent")] },
        })
      ).message,
    ).toBe('expected a non-silent reply, but a silent reply: reply "NO_REPLY", delivery: skipped (silent)');
  });

  it("says when there was no delivery event", async () => {
    const result = await checkOne(expectation("delivered", true), { result: { reply: "x" } });
    expect(result.actual).toBe('false (reply "x"; delivery: no delivery event)');
  });
});
