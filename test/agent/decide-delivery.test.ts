import { describe, expect, it } from "vitest";
import { decideDelivery } from "../../src/agent/decide-delivery.js";

const sent = (text: string) => ({ status: "sent", text });
const skipped = (reason: string) => ({ status: "skipped", reason });

describe("decideDelivery: spec/loop.md §4.2 table", () => {
  it.each([
    ["NO_REPLY", skipped("silent")],
    ["  NO_REPLY\n", skipped("silent")],
    ["Done.\n\nNO_REPLY", sent("Done.")],
    ["😄 NO_REPLY", sent("😄")],
    ["NO_REPLY.", sent("NO_REPLY.")],
    ["**NO_REPLY**", sent("**NO_REPLY**")],
    ["no_reply", sent("no_reply")],
    ["NO_REPLY but here is more", sent("NO_REPLY but here is more")],
    ["interject.NO_REPLY", sent("interject.NO_REPLY")],
    ["All clear. HEARTBEAT_OK", sent("All clear.")],
  ])("%j ⇒ %j", (reply, expected) => {
    expect(decideDelivery(reply)).toEqual(expected);
  });
});

describe("decideDelivery: spec/loop.md §10 token rows", () => {
  it("delivers HEARTBEAT_OK in the middle verbatim as an alert", () => {
    const reply = "Stock fine HEARTBEAT_OK but strawberries low";
    expect(decideDelivery(reply, { mode: "heartbeat" })).toEqual(sent(reply));
  });

  it("delivers HEARTBEAT_OK + 301 chars in a heartbeat run", () => {
    const remainder = "A".repeat(301);
    expect(decideDelivery(`HEARTBEAT_OK ${remainder}`, { mode: "heartbeat" })).toEqual(sent(remainder));
  });

  it.each(["NO_REPLY.", "**NO_REPLY**", "no_reply"])("delivers the leak %j as written", (reply) => {
    expect(decideDelivery(reply)).toEqual(sent(reply));
  });

  it("delivers the answer and drops an appended NO_REPLY", () => {
    expect(decideDelivery("Answer text\n\nNO_REPLY")).toEqual(sent("Answer text"));
  });

  it.each(["", "  \n"])("skips the empty reply %j in both modes", (reply) => {
    expect(decideDelivery(reply)).toEqual(skipped("empty"));
    expect(decideDelivery(reply, { mode: "heartbeat" })).toEqual(skipped("empty"));
  });
});

describe("decideDelivery: heartbeat mode", () => {
  it("reports NO_REPLY as silent", () => {
    expect(decideDelivery("NO_REPLY", { mode: "heartbeat" })).toEqual(skipped("silent"));
  });

  it.each(["HEARTBEAT_OK", "HEARTBEAT_OK — inbox empty, calendar clear", "**HEARTBEAT_OK**", "<b>HEARTBEAT_OK</b>"])(
    "skips the ack %j",
    (reply) => {
      expect(decideDelivery(reply, { mode: "heartbeat" })).toEqual(skipped("heartbeat"));
    },
  );

  it("delivers an alert without a token", () => {
    expect(decideDelivery("⚠️ 草莓只剩3斤，建议今日补货！", { mode: "heartbeat" })).toEqual(
      sent("⚠️ 草莓只剩3斤，建议今日补货！"),
    );
  });

  it("honours maxAckChars", () => {
    expect(decideDelivery("HEARTBEAT_OK abcdef", { mode: "heartbeat", maxAckChars: 5 })).toEqual(sent("abcdef"));
  });

  it("strips a trailing NO_REPLY before judging the heartbeat ack", () => {
    expect(decideDelivery("HEARTBEAT_OK NO_REPLY", { mode: "heartbeat" })).toEqual(skipped("heartbeat"));
  });
});

describe("decideDelivery: message mode", () => {
  it("skips a bare HEARTBEAT_OK as heartbeat", () => {
    expect(decideDelivery("HEARTBEAT_OK")).toEqual(skipped("heartbeat"));
  });

  it("delivers a short remainder after the token", () => {
    expect(decideDelivery("HEARTBEAT_OK hello")).toEqual(sent("hello"));
  });

  it("trims a plain reply", () => {
    expect(decideDelivery("  hi \n")).toEqual(sent("hi"));
  });
});
