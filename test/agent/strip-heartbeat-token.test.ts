import { describe, expect, it } from "vitest";
import { stripHeartbeatToken } from "../../src/agent/strip-heartbeat-token.js";

const skipped = { skip: true, text: "", didStrip: true };

describe("stripHeartbeatToken: spec/loop.md §5.4 table", () => {
  it("HEARTBEAT_OK in heartbeat mode is skipped", () => {
    expect(stripHeartbeatToken("HEARTBEAT_OK", { mode: "heartbeat" })).toEqual(skipped);
  });

  it("a short remainder after the token is an ack in heartbeat mode", () => {
    const text = "HEARTBEAT_OK — inbox empty, calendar clear";
    expect(stripHeartbeatToken(text, { mode: "message" }).text).toHaveLength(29);
    expect(stripHeartbeatToken(text, { mode: "heartbeat" })).toEqual(skipped);
  });

  it.each(["**HEARTBEAT_OK**", "<b>HEARTBEAT_OK</b>"])("markup-wrapped %j is skipped in heartbeat mode", (text) => {
    expect(stripHeartbeatToken(text, { mode: "heartbeat" })).toEqual(skipped);
  });

  it("HEARTBEAT_OK. in message mode leaves the punctuation", () => {
    expect(stripHeartbeatToken("HEARTBEAT_OK.", { mode: "message" })).toEqual({
      skip: false,
      text: ".",
      didStrip: true,
    });
  });

  it("an alert without the token is delivered unchanged", () => {
    const text = "⚠️ 草莓只剩3斤，建议今日补货！";
    expect(stripHeartbeatToken(text, { mode: "heartbeat" })).toEqual({ skip: false, text, didStrip: false });
  });

  it("a token in the middle is not stripped and the text is delivered verbatim", () => {
    const text = "Stock fine HEARTBEAT_OK but strawberries low";
    expect(stripHeartbeatToken(text, { mode: "heartbeat" })).toEqual({ skip: false, text, didStrip: false });
  });

  it("a remainder over maxAckChars is delivered in heartbeat mode", () => {
    const remainder = "A".repeat(301);
    expect(stripHeartbeatToken(`${remainder} HEARTBEAT_OK`, { mode: "heartbeat" })).toEqual({
      skip: false,
      text: remainder,
      didStrip: true,
    });
  });

  it("a leading token is removed in message mode", () => {
    expect(stripHeartbeatToken("HEARTBEAT_OK hello", { mode: "message" })).toEqual({
      skip: false,
      text: "hello",
      didStrip: true,
    });
  });

  it("a token between words is unchanged in message mode", () => {
    const text = "hello HEARTBEAT_OK there";
    expect(stripHeartbeatToken(text, { mode: "message" })).toEqual({ skip: false, text, didStrip: false });
  });
});

describe("stripHeartbeatToken: steps", () => {
  it.each(["", "   \n\t"])("blank %j is skipped without stripping", (text) => {
    expect(stripHeartbeatToken(text, { mode: "message" })).toEqual({ skip: true, text: "", didStrip: false });
  });

  it("text without the token comes back trimmed", () => {
    expect(stripHeartbeatToken("  hi there \n", { mode: "heartbeat" })).toEqual({
      skip: false,
      text: "hi there",
      didStrip: false,
    });
  });

  it("the token alone is skipped in message mode too", () => {
    expect(stripHeartbeatToken(" HEARTBEAT_OK\n", { mode: "message" })).toEqual(skipped);
  });

  it("a trailing token keeps up to 4 non-word chars that follow it", () => {
    expect(stripHeartbeatToken("All clear. HEARTBEAT_OK", { mode: "message" }).text).toBe("All clear.");
    expect(stripHeartbeatToken("All clear HEARTBEAT_OK!!", { mode: "message" }).text).toBe("All clear!!");
    expect(stripHeartbeatToken("All clear HEARTBEAT_OK!!!!!", { mode: "message" }).didStrip).toBe(false);
  });

  it("repeats the edge strip and collapses whitespace", () => {
    expect(stripHeartbeatToken("HEARTBEAT_OK HEARTBEAT_OK  a \n\n b HEARTBEAT_OK", { mode: "message" })).toEqual({
      skip: false,
      text: "a b",
      didStrip: true,
    });
  });

  it("uses the normalised copy when the original does not strip", () => {
    expect(stripHeartbeatToken("<p>HEARTBEAT_OK</p>&nbsp;note", { mode: "message" })).toEqual({
      skip: false,
      text: "note",
      didStrip: true,
    });
  });

  it("honours a custom maxAckChars", () => {
    expect(stripHeartbeatToken("HEARTBEAT_OK abcdef", { mode: "heartbeat", maxAckChars: 5 })).toEqual({
      skip: false,
      text: "abcdef",
      didStrip: true,
    });
    expect(stripHeartbeatToken("HEARTBEAT_OK abcde", { mode: "heartbeat", maxAckChars: 5 })).toEqual(skipped);
  });
});
