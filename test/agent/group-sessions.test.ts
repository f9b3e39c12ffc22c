import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createHookRegistry } from "../../src/agent/create-hook-registry.js";
import { createScenarioMessenger } from "../../src/agent/create-scenario-messenger.js";
import { replyAddressOf } from "../../src/agent/deliver-reply.js";
import { formatInboundText } from "../../src/agent/turn-input.js";
import {
  type MessageOrigin,
  OWNER_ORIGIN,
  type ScriptStep,
  sessionKeyForOrigin,
  type Tool,
  textResult,
} from "../../src/domain/index.js";
import { createBuiltinTools } from "../../src/tools/create-builtin-tools.js";
import { assertAsyncProperty } from "../support/assert-property.js";
import { createTestSession } from "../support/create-test-session.js";
import { scriptedTurn } from "../support/scenario-turn.js";

const FAMILY: MessageOrigin = { chat: "group", channel: "whatsapp", id: "chen-family", sender: "Mom", owner: false };
const OWNER_IN_FAMILY: MessageOrigin = { ...FAMILY, sender: "Alice", owner: true };

/** A stand-in for the owner-only `cron` tool (the runtime has none of its own). */
const cronTool: Tool = {
  name: "cron",
  description: "Schedule reminders",
  inputSchema: { type: "object", properties: {} },
  execute: async () => textResult("scheduled"),
};

function setup(config: Record<string, unknown> = {}, sessionKey?: string) {
  const hooks = createHookRegistry();
  const test = createTestSession({
    config,
    ...(sessionKey === undefined ? {} : { sessionKey }),
    hooks,
    tools: [...Object.values(createBuiltinTools()), cronTool],
    scenarioId: "group",
    unitId: "group@scripted~1",
    maxSteps: 4,
  });
  let index = 0;
  const send = (text: string, origin: MessageOrigin, script: ScriptStep[] = [{ kind: "text", text: "NO_REPLY" }]) =>
    test.session.runTurn({ turn: scriptedTurn(script, { index: index++, text, origin }) });
  const offered = (call: number) => test.model.requests[call]?.tools.map((tool) => tool.name) ?? [];
  return { ...test, hooks, send, offered };
}

describe("formatInboundText", () => {
  it("puts the sender's name before a group or channel message", () => {
    expect(formatInboundText("see you at 6", FAMILY)).toBe("Mom: see you at 6");
    expect(formatInboundText("ship it", { ...FAMILY, chat: "channel", sender: "@lee" })).toBe("@lee: ship it");
  });

  it("keeps a message that already names its sender, and direct messages, as written", () => {
    expect(formatInboundText("Mom: see you at 6", FAMILY)).toBe("Mom: see you at 6");
    expect(formatInboundText("see you at 6", OWNER_ORIGIN)).toBe("see you at 6");
    expect(formatInboundText("hi", { chat: "direct", sender: "bob" })).toBe("hi");
  });
});

describe("replyAddressOf", () => {
  it("addresses a group or channel reply to the whole chat", () => {
    expect(replyAddressOf(FAMILY)).toBe("whatsapp:group:chen-family");
    expect(replyAddressOf({ ...FAMILY, chat: "channel", channel: "Discord", id: "Releases" })).toBe(
      "discord:channel:releases",
    );
  });

  it("addresses a direct reply to its sender, the owner's scenario chat by default", () => {
    expect(replyAddressOf(OWNER_ORIGIN)).toBeUndefined();
    expect(replyAddressOf({ ...OWNER_ORIGIN, channel: "telegram" })).toBe("telegram:owner");
    expect(replyAddressOf({ ...OWNER_ORIGIN, sender: "bob", owner: false })).toBe("scenario:bob");
  });
});

describe("the message tool in a group chat", () => {
  const sent: string[] = [];
  const messenger = createScenarioMessenger({
    deliver: async (text) => text,
    onSent: (text) => sent.push(text),
    origin: FAMILY,
  });

  it("sends to the group with no target or a target naming it", async () => {
    for (const target of [undefined, "whatsapp", "whatsapp:group:chen-family", "current"]) {
      expect(await messenger.send({ text: "hi", runId: "r", ...(target === undefined ? {} : { target }) })).toEqual({
        status: "sent",
        channel: "whatsapp",
        text: "hi",
      });
    }
    expect(sent).toHaveLength(4);
  });

  it("refuses any other chat, naming the group", async () => {
    expect(await messenger.send({ text: "hi", target: "telegram:42", runId: "r" })).toEqual({
      status: "error",
      error:
        'Unknown target "telegram:42": this conversation has one channel, "whatsapp:group:chen-family"; omit target to reply here',
    });
  });
});

describe("group and channel runs", () => {
  it("show the model the sender's name, the group's context and the channel", async () => {
    const { model, send } = setup();
    await send("is dinner at 6?", FAMILY);
    const request = model.requests[0];
    expect(request?.messages.at(-1)).toMatchObject({ role: "user", content: "Mom: is dinner at 6?" });
    expect(request?.systemPrompt).toContain(
      '## Group Chat Context\nYou are taking part in the WhatsApp group "chen-family"',
    );
    expect(request?.systemPrompt).toMatch(/^Runtime: .*\| channel=whatsapp \| capabilities=none \|/m);
  });

  it("leave direct runs on the scenario channel without group context or channel", async () => {
    const { model, send } = setup();
    await send("hello", OWNER_ORIGIN);
    expect(model.requests[0]?.systemPrompt).not.toContain("## Group Chat Context");
    expect(model.requests[0]?.systemPrompt).not.toContain("channel=");
  });

  it("remove owner-only tools for a non-owner sender, and give them back to the owner", async () => {
    const { send, offered } = setup();
    await send("hello", OWNER_IN_FAMILY);
    await send("hello", FAMILY);
    await send("hello again", OWNER_IN_FAMILY);
    expect(offered(0)).toContain("cron");
    expect(offered(1)).not.toContain("cron");
    expect(offered(1)).toContain("read");
    expect(offered(2)).toEqual(offered(0));
  });

  it("remove owner-only tools for a non-owner in a direct chat too", async () => {
    const { send, offered } = setup();
    await send("hello", { ...OWNER_ORIGIN, sender: "bob", owner: false });
    expect(offered(0)).not.toContain("cron");
    expect(offered(0)).toContain("exec");
  });

  it("property: whatever the order of senders, only owners are offered owner-only tools", async () => {
    const origins = fc.constantFrom<MessageOrigin>(FAMILY, OWNER_IN_FAMILY, OWNER_ORIGIN, {
      ...FAMILY,
      sender: "Dad",
    });
    await assertAsyncProperty(
      fc.asyncProperty(fc.array(origins, { minLength: 1, maxLength: 5 }), async (sequence) => {
        const { send, offered } = setup();
        for (const origin of sequence) await send("hello", origin);
        expect(sequence.map((_, call) => offered(call).includes("cron"))).toEqual(
          sequence.map((origin) => origin.owner),
        );
      }),
      { numRuns: 25 },
    );
  });

  it("apply the group's tool policy, per sender", async () => {
    const groups = { "chen-family": { tools: { deny: ["exec"] }, toolsBySender: { alice: { deny: ["write"] } } } };
    const { send, offered } = setup({ channels: { whatsapp: { groups } } });
    await send("hello", FAMILY);
    await send("hello", OWNER_IN_FAMILY);
    await send("hello", OWNER_ORIGIN);
    expect(offered(0)).not.toContain("exec");
    expect(offered(0)).toContain("write");
    expect(offered(1)).not.toContain("write");
    expect(offered(1)).toContain("exec");
    expect(offered(2)).toEqual(expect.arrayContaining(["exec", "write", "cron"]));
  });

  it("deliver a group reply to the group, through the delivery hooks", async () => {
    const { events, hooks, send } = setup();
    const recipients: unknown[] = [];
    const plugin = { pluginId: "recorder" };
    hooks.on(
      "message_sending",
      (event) => {
        recipients.push(event.to);
        return undefined;
      },
      plugin,
    );
    hooks.on("message_sent", (event) => void recipients.push(event.to), plugin);
    const outcome = await send("Juniper, what time?", FAMILY, [{ kind: "text", text: "18:00 at Lou Wai Lou." }]);
    expect(outcome.delivered).toBe("18:00 at Lou Wai Lou.");
    const deliveries = events.filter((event) => event.type === "delivery");
    expect(deliveries).toEqual([
      expect.objectContaining({ status: "sent", text: "18:00 at Lou Wai Lou.", to: "whatsapp:group:chen-family" }),
    ]);
    expect(recipients).toEqual(["whatsapp:group:chen-family", "whatsapp:group:chen-family"]);
  });

  it("stay silent in the group with NO_REPLY", async () => {
    const { events, send } = setup();
    const outcome = await send("lol 😂", FAMILY);
    expect(outcome.delivered).toBeNull();
    expect(events.filter((event) => event.type === "delivery")).toEqual([
      expect.objectContaining({ status: "skipped", reason: "silent" }),
    ]);
  });

  it("run in the group's own session, which is not the main one", async () => {
    const key = sessionKeyForOrigin("main", FAMILY);
    const nonMain = { agents: { defaults: { sandbox: { mode: "non-main" } } } };
    const { events, send, offered } = setup(nonMain, key);
    await send("Juniper?", FAMILY, [{ kind: "text", text: "Here." }]);
    expect(new Set(events.map((event) => event.sessionKey))).toEqual(new Set([key]));
    expect(events.find((event) => event.type === "delivery")).toMatchObject({ to: "whatsapp:group:chen-family" });
    // Sandbox mode `non-main` sandboxes the group session: its policy drops `message`.
    expect(offered(0)).not.toContain("message");
    expect(offered(0)).toContain("read");
  });

  it("send the message tool's texts to the group", async () => {
    const { events, send } = setup();
    const script: ScriptStep[] = [
      { kind: "tool_calls", calls: [{ name: "message", input: { action: "send", message: "On my way" } }] },
      { kind: "text", text: "NO_REPLY" },
    ];
    await send("Juniper, tell everyone", FAMILY, script);
    expect(events.filter((event) => event.type === "delivery" && event.status === "sent")).toEqual([
      expect.objectContaining({ via: "message", text: "On my way", to: "whatsapp:group:chen-family" }),
    ]);
  });
});
