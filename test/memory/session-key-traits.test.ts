import { describe, expect, it } from "vitest";
import { sessionKeyTraits } from "../../src/memory/session-key-traits.js";

describe("sessionKeyTraits", () => {
  it.each([
    ["agent:main:main", { chatType: "direct", subagent: false, cron: false }],
    ["agent:main:telegram:group:42", { chatType: "group", subagent: false, cron: false }],
    ["agent:main:discord:channel:99", { chatType: "channel", subagent: false, cron: false }],
    ["agent:main:subagent:7f3a", { chatType: "direct", subagent: true, cron: false }],
    ["subagent:7f3a", { chatType: "direct", subagent: true, cron: false }],
    ["agent:main:cron:daily", { chatType: "direct", subagent: false, cron: true }],
    ["AGENT:Main:Telegram:GROUP:1", { chatType: "group", subagent: false, cron: false }],
    [undefined, { chatType: "direct", subagent: false, cron: false }],
  ] as const)("reads %s", (key, traits) => {
    expect(sessionKeyTraits(key)).toEqual(traits);
  });
});
