import { describe, expect, it } from "vitest";
import { isSilentReply } from "../../src/agent/is-silent-reply.js";
import {
  HEARTBEAT_TOKEN,
  isSilentPrefix,
  SILENT_REPLY_TOKEN,
  TRAILING_HEARTBEAT_TOKEN,
  TRAILING_SILENT_TOKEN,
} from "../../src/agent/reply-tokens.js";
import { stripTrailingSilentToken } from "../../src/agent/strip-trailing-silent-token.js";

describe("reply tokens", () => {
  it("names the two tokens", () => {
    expect([SILENT_REPLY_TOKEN, HEARTBEAT_TOKEN]).toEqual(["NO_REPLY", "HEARTBEAT_OK"]);
  });
});

describe("trailing token patterns (shared by the delivery rules and the compliance measures)", () => {
  it.each([
    ["Done. NO_REPLY", true],
    ["Done **NO_REPLY \n", true],
    ["NO_REPLY", true],
    ["Done.NO_REPLY", false],
    ["NO_REPLY.", false],
  ])("trailing silent token in %j: %s", (text, expected) => {
    expect(TRAILING_SILENT_TOKEN.test(text)).toBe(expected);
  });

  it.each([
    ["All clear HEARTBEAT_OK", true],
    ["All clear HEARTBEAT_OK!!!!", true],
    ["All clear HEARTBEAT_OK!!!!!", false],
    ["HEARTBEAT_OK then more", false],
  ])("trailing heartbeat token in %j: %s", (text, expected) => {
    expect(TRAILING_HEARTBEAT_TOKEN.test(text)).toBe(expected);
  });

  it("keeps no state between calls (no g flag)", () => {
    expect([TRAILING_SILENT_TOKEN.flags, TRAILING_HEARTBEAT_TOKEN.flags]).toEqual(["", ""]);
  });
});

describe("isSilentReply", () => {
  it.each(["NO_REPLY", "  NO_REPLY\n", "\tNO_REPLY "])("%j is exact silent", (text) => {
    expect(isSilentReply(text)).toBe(true);
  });

  it.each([
    "NO_REPLY.",
    "**NO_REPLY**",
    "no_reply",
    "NO_REPLY but here is more",
    "interject.NO_REPLY",
    "Done.\n\nNO_REPLY",
    "",
  ])("%j is not exact silent", (text) => {
    expect(isSilentReply(text)).toBe(false);
  });
});

describe("stripTrailingSilentToken", () => {
  it.each([
    ["Done.\n\nNO_REPLY", "Done."],
    ["😄 NO_REPLY", "😄"],
    ["Answer text\n\nNO_REPLY  \n", "Answer text"],
    ["Answer **NO_REPLY", "Answer"],
    ["NO_REPLY", ""],
    ["NO_REPLY.", "NO_REPLY."],
    ["**NO_REPLY**", "**NO_REPLY**"],
    ["NO_REPLY but here is more", "NO_REPLY but here is more"],
    ["interject.NO_REPLY", "interject.NO_REPLY"],
    ["  plain text  ", "plain text"],
  ])("%j becomes %j", (text, expected) => {
    expect(stripTrailingSilentToken(text)).toBe(expected);
  });
});

describe("isSilentPrefix", () => {
  it.each(["NO", "NO_", "NO_R", " NO_REP", "NO_REPLY"])("holds back %j", (text) => {
    expect(isSilentPrefix(text)).toBe(true);
  });

  it.each(["N", "", "No", "NOT", "NO_REPLY!", "NO_X", "HELLO", "NO "])("emits %j", (text) => {
    expect(isSilentPrefix(text)).toBe(false);
  });
});
