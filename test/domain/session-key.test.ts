import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ClawEvalError,
  type MessageOrigin,
  mainSessionKey,
  OWNER_ORIGIN,
  sessionChatType,
  sessionKeyForOrigin,
} from "../../src/domain/index.js";
import { assertProperty } from "../support/assert-property.js";

const group = (overrides: Partial<MessageOrigin> = {}): MessageOrigin => ({
  chat: "group",
  channel: "whatsapp",
  id: "chen-family",
  sender: "Mom",
  owner: false,
  ...overrides,
});

describe("sessionKeyForOrigin (spec/loop.md §1)", () => {
  it("routes direct chats to the agent's main session, whoever writes", () => {
    expect(sessionKeyForOrigin("main", OWNER_ORIGIN)).toBe("agent:main:main");
    expect(sessionKeyForOrigin("ops", { chat: "direct", channel: "telegram" })).toBe(mainSessionKey("ops"));
  });

  it("gives a group its own session under its channel", () => {
    expect(sessionKeyForOrigin("main", group())).toBe("agent:main:whatsapp:group:chen-family");
  });

  it("gives a channel chat a channel session", () => {
    expect(sessionKeyForOrigin("main", group({ chat: "channel", channel: "discord", id: "releases" }))).toBe(
      "agent:main:discord:channel:releases",
    );
  });

  it("maps spellings of the same group to one session (trimmed, lower-cased)", () => {
    expect(sessionKeyForOrigin("main", group({ channel: " WhatsApp ", id: " Chen-Family " }))).toBe(
      sessionKeyForOrigin("main", group()),
    );
  });

  it("keeps the sender out of the key: everyone in a group shares its session", () => {
    expect(sessionKeyForOrigin("main", group({ sender: "Dad" }))).toBe(sessionKeyForOrigin("main", group()));
  });

  it("refuses a group or channel origin without an id", () => {
    expect(() => sessionKeyForOrigin("main", group({ id: "  " }))).toThrow(ClawEvalError);
    expect(() => sessionKeyForOrigin("main", { chat: "channel", channel: "slack" })).toThrow(
      /needs a channel and an id/,
    );
  });

  it("property: the key's chat type is the origin's chat", () => {
    // Channel and group ids spelled `group` or `channel` would add a second chat-type segment.
    const segment = fc
      .stringMatching(/^[a-z0-9][a-z0-9._-]{0,11}$/)
      .filter((text) => text !== "group" && text !== "channel");
    assertProperty(
      fc.property(fc.constantFrom("direct", "group", "channel"), segment, segment, (chat, channel, id) => {
        const key = sessionKeyForOrigin("main", { chat, channel, id });
        expect(sessionChatType(key)).toBe(chat);
      }),
    );
  });
});
