import { describe, expect, it } from "vitest";
import { ANNOUNCE_SKIP_TOKEN, buildAnnounceMessage, shouldAnnounce } from "../../src/agent/build-announce-message.js";
import { createHookRegistry } from "../../src/agent/create-hook-registry.js";
import { createSubagentSpawner } from "../../src/agent/create-subagent-spawner.js";
import { readSubagentLimits } from "../../src/agent/read-subagent-limits.js";
import type { Message, ScriptStep, UserMessage } from "../../src/domain/index.js";
import { ZERO_USAGE } from "../../src/domain/index.js";
import { createTestSession } from "../support/create-test-session.js";
import { scriptedTurn } from "../support/scenario-turn.js";

const spawn = (task: string, extra: Record<string, unknown> = {}): ScriptStep => ({
  kind: "tool_calls",
  calls: [{ name: "sessions_spawn", input: { task, ...extra } }],
});
const say = (text: string): ScriptStep => ({ kind: "text", text });
const textOf = (message: Message | undefined): string => (message as UserMessage | undefined)?.content ?? "";

function setup(script: ScriptStep[], config: Record<string, unknown> = {}, hooks = createHookRegistry()) {
  const { session, model, events } = createTestSession({
    files: { "AGENTS.md": "# Agents\n", "MEMORY.md": "secret memory\n" },
    config,
    scenarioId: "subagents",
    unitId: "subagents@scripted~1",
    hooks,
  });
  const run = () => session.runTurn({ turn: scriptedTurn(script, { index: 0, text: "Research the trip" }) });
  const subagentEvents = () =>
    events
      .filter((event) => event.type === "subagent")
      .map(({ runId: _run, childSessionKey, ...rest }) => ({ ...rest, child: childSessionKey.replace(/[^:]+$/, "*") }));
  const toolTexts = () =>
    events.flatMap((event) =>
      event.type === "tool_execution_end" ? [event.result.content.map((block) => block.text).join("")] : [],
    );
  return { session, model, events, run, subagentEvents, toolTexts };
}

describe("sessions_spawn and the child run", () => {
  it("runs the child in a minimal-prompt sub-agent session, announces its result, and the parent relays it", async () => {
    const { model, run, subagentEvents, session, events } = setup([
      spawn("Find three hotels in Kyoto", { label: "hotels" }),
      say("I asked a helper to look for hotels."),
      say("Hotel A, Hotel B, Hotel C"),
      say("Here are three hotels: A, B and C."),
    ]);
    const outcome = await run();
    expect(model.requests.map((request) => request.context.sessionKey.replace(/[^:]+$/, "*"))).toEqual([
      "agent:main:*",
      "agent:main:*",
      "agent:main:subagent:*",
      "agent:main:*",
    ]);
    const child = model.requests[2];
    expect(textOf(child?.messages[0])).toMatch(
      /^\[Subagent Context\] .*depth 1\/1.*\n\n\[Subagent Task\]: Find three hotels in Kyoto$/s,
    );
    expect(child?.messages).toHaveLength(1);
    // Minimal mode: no heartbeat or silent-reply sections, no MEMORY.md; AGENTS.md stays.
    expect(child?.systemPrompt).not.toContain("HEARTBEAT_OK");
    expect(child?.systemPrompt).not.toContain("NO_REPLY");
    expect(child?.systemPrompt).not.toContain("secret memory");
    expect(child?.systemPrompt).toContain("# Agents");
    // Leaf sub-agents never see sessions_spawn.
    expect(child?.tools.map((tool) => tool.name)).not.toContain("sessions_spawn");
    expect(model.requests[0]?.tools.map((tool) => tool.name)).toContain("sessions_spawn");
    const announce = textOf(model.requests[3]?.messages.at(-1));
    expect(announce).toContain("task: hotels");
    expect(announce).toContain("status: completed successfully");
    expect(announce).toContain("Hotel A, Hotel B, Hotel C");
    expect(subagentEvents()).toEqual([
      {
        type: "subagent",
        sessionKey: "agent:main:main",
        phase: "spawned",
        task: "Find three hotels in Kyoto",
        label: "hotels",
        depth: 1,
        child: "agent:main:subagent:*",
      },
      { type: "subagent", sessionKey: "agent:main:main", phase: "ended", status: "ok", child: "agent:main:subagent:*" },
      { type: "subagent", sessionKey: "agent:main:main", phase: "announced", child: "agent:main:subagent:*" },
    ]);
    expect(outcome.delivered).toBe("I asked a helper to look for hotels.\n\nHere are three hotels: A, B and C.");
    // The child's messages stay in its own session; the parent keeps both of its runs.
    expect(session.history.map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "tool_result",
      "assistant",
      "user",
      "assistant",
    ]);
    const deliveries = events.filter((event) => event.type === "delivery" && event.status === "sent");
    expect(deliveries.every((event) => event.sessionKey === "agent:main:main")).toBe(true);
  });

  it("does not announce a child that ends with NO_REPLY or ANNOUNCE_SKIP", async () => {
    for (const token of ["NO_REPLY", ANNOUNCE_SKIP_TOKEN]) {
      const { model, run, subagentEvents } = setup([spawn("tidy notes"), say("Started."), say(token)]);
      const outcome = await run();
      expect(model.requests).toHaveLength(3);
      expect(subagentEvents().map((event) => event.phase)).toEqual(["spawned", "ended"]);
      expect(outcome.delivered).toBe("Started.");
    }
  });

  it("forbids a sixth active child with the (5/5) error", async () => {
    const { run, toolTexts, subagentEvents } = setup([
      {
        kind: "tool_calls",
        calls: Array.from({ length: 6 }, (_, index) => ({ name: "sessions_spawn", input: { task: `t${index}` } })),
      },
      say("six asked"),
      ...Array.from({ length: 5 }, () => say(ANNOUNCE_SKIP_TOKEN)),
    ]);
    await run();
    const results = toolTexts().map((text) => JSON.parse(text) as { status: string; error?: string });
    expect(results.map((result) => result.status)).toEqual([
      "accepted",
      "accepted",
      "accepted",
      "accepted",
      "accepted",
      "forbidden",
    ]);
    expect(results[5]?.error).toBe("sessions_spawn has reached max active children for this session (5/5)");
    expect(subagentEvents().filter((event) => event.phase === "spawned")).toHaveLength(5);
  });

  it("lets a depth-1 child spawn when maxSpawnDepth is 2, and its grandchild is a leaf", async () => {
    const config = { agents: { defaults: { subagents: { maxSpawnDepth: 2 } } } };
    const { model, run, subagentEvents } = setup(
      [
        spawn("plan the trip"),
        say("On it."),
        spawn("check trains"),
        say("child waiting"),
        say("Train at 9:00"),
        say("Plan: take the 9:00 train"),
        say("Your plan: the 9:00 train."),
      ],
      config,
    );
    const outcome = await run();
    const depthOf = (index: number) => {
      const request = model.requests[index];
      if (request?.context.sessionKey === "agent:main:main") return 0;
      return Number(/depth (\d)\//.exec(textOf(request?.messages[0]))?.[1]);
    };
    expect(model.requests.map((_, index) => depthOf(index))).toEqual([0, 0, 1, 1, 2, 1, 0]);
    expect(model.requests[2]?.tools.map((tool) => tool.name)).toContain("sessions_spawn");
    expect(model.requests[4]?.tools.map((tool) => tool.name)).not.toContain("sessions_spawn");
    expect(textOf(model.requests[4]?.messages[0])).toContain("depth 2/2");
    // The grandchild's result goes to the child as an internal update, not to the user.
    expect(textOf(model.requests[5]?.messages.at(-1))).toContain("internal update");
    const main = (key: string) => (key === "agent:main:main" ? "main" : "child");
    expect(subagentEvents().map((event) => `${event.phase}@${main(event.sessionKey)}`)).toEqual([
      "spawned@main",
      "spawned@child",
      "ended@child",
      "announced@child",
      "ended@main",
      "announced@main",
    ]);
    expect(outcome.delivered).toBe("On it.\n\nYour plan: the 9:00 train.");
  });
});

describe("createSubagentSpawner checks", () => {
  const limits = readSubagentLimits({}, "main");
  const newId = (prefix: string) => `${prefix}-1`;

  it("refuses at max depth with the spec's message", async () => {
    const spawner = createSubagentSpawner({ limits, agentId: "main", sessionKey: "k", depth: 1, newId });
    expect(await spawner.spawn({ task: "x" })).toEqual({
      status: "forbidden",
      error: "sessions_spawn is not allowed at this depth (current depth: 1, max: 1)",
    });
    expect(spawner.pending()).toEqual([]);
  });

  it("allows another agent only through allowAgents", async () => {
    const closed = createSubagentSpawner({ limits, agentId: "main", sessionKey: "k", depth: 0, newId });
    expect(await closed.spawn({ task: "x", agentId: "ops" })).toEqual({
      status: "forbidden",
      error: "agentId is not allowed for sessions_spawn (allowed: none)",
    });
    const config = { agents: { list: [{ id: "main", subagents: { allowAgents: ["ops", "research"] } }] } };
    const open = createSubagentSpawner({
      limits: readSubagentLimits(config, "main"),
      agentId: "main",
      sessionKey: "k",
      depth: 0,
      newId,
    });
    expect(await open.spawn({ task: "x", agentId: "mail" })).toMatchObject({
      error: "agentId is not allowed for sessions_spawn (allowed: ops, research)",
    });
    expect(await open.spawn({ task: "x", agentId: "ops" })).toMatchObject({
      status: "accepted",
      childSessionKey: "agent:ops:subagent:subagent-1",
    });
  });
});

describe("announce message", () => {
  it("labels status and result, and skips exact tokens only", () => {
    const completion = {
      childSessionKey: "agent:main:subagent:a",
      childSessionId: "run-2",
      taskLabel: "hotels",
      status: "error" as const,
      error: "model down",
      result: "  ",
      usage: { ...ZERO_USAGE, inputTokens: 10, outputTokens: 5 },
    };
    const text = buildAnnounceMessage(completion, false);
    expect(text).toContain("status: failed: model down");
    expect(text).toContain("Result:\n(no output)");
    expect(text).toContain("Stats: 15 tokens (10 in, 5 out)");
    expect(shouldAnnounce("NO_REPLY")).toBe(false);
    expect(shouldAnnounce(" ANNOUNCE_SKIP\n")).toBe(false);
    expect(shouldAnnounce("NO_REPLY.")).toBe(true);
    expect(shouldAnnounce("Done")).toBe(true);
  });
});

describe("the message tool", () => {
  it("delivers on the scenario channel at once; the final NO_REPLY is silent", async () => {
    const { run, events, model } = setup([
      { kind: "tool_calls", calls: [{ name: "message", input: { action: "send", message: "Booked for 19:00." } }] },
      say("NO_REPLY"),
    ]);
    const outcome = await run();
    expect(outcome.delivered).toBe("Booked for 19:00.");
    const deliveries = events
      .filter((event) => event.type === "delivery")
      .map(({ runId: _run, sessionKey: _key, ...rest }) => rest);
    expect(deliveries).toEqual([
      { type: "delivery", status: "sent", text: "Booked for 19:00.", via: "message" },
      { type: "delivery", status: "skipped", reason: "silent" },
    ]);
    expect(model.requests[0]?.tools.map((tool) => tool.name)).toContain("message");
  });

  it("refuses other targets, and is unavailable to sub-agents", async () => {
    const { run, toolTexts, events } = setup([
      {
        kind: "tool_calls",
        calls: [
          { name: "message", input: { action: "send", message: "hi", target: "telegram:42" } },
          { name: "sessions_spawn", input: { task: "say hi" } },
        ],
      },
      say("Started."),
      { kind: "tool_calls", calls: [{ name: "message", input: { action: "send", message: "from child" } }] },
      say(ANNOUNCE_SKIP_TOKEN),
    ]);
    const outcome = await run();
    const texts = toolTexts();
    expect(texts[0]).toBe(
      'Unknown target "telegram:42": this conversation has one channel, "scenario"; omit target to reply here',
    );
    expect(texts[2]).toMatch(/^message is not available in this session/);
    expect(outcome.delivered).toBe("Started.");
    expect(events.filter((event) => event.type === "delivery" && event.status === "sent")).toHaveLength(1);
  });
});

describe("sub-agent hooks", () => {
  it("fire subagent_spawning, subagent_spawned and subagent_ended, and tool hooks inside the child", async () => {
    const hooks = createHookRegistry();
    const seen: string[] = [];
    hooks.on("subagent_spawned", (event) => void seen.push(`spawned ${event.task}`), { pluginId: "watch" });
    hooks.on("subagent_ended", (event) => void seen.push(`ended ${event.outcome}`), { pluginId: "watch" });
    hooks.on(
      "before_tool_call",
      (event, context) => {
        seen.push(`tool ${event.toolName} in ${context.sessionKey?.includes(":subagent:") ? "child" : "main"}`);
        return event.toolName === "write" ? { block: true, blockReason: "children may not write" } : undefined;
      },
      { pluginId: "watch" },
    );
    const { run, toolTexts } = setup(
      [
        spawn("draft a note"),
        say("Asked a helper."),
        { kind: "tool_calls", calls: [{ name: "write", input: { path: "n.md", content: "x" } }] },
        say("could not write"),
        say("The helper could not write the note."),
      ],
      {},
      hooks,
    );
    await run();
    expect(seen).toEqual(["tool sessions_spawn in main", "spawned draft a note", "tool write in child", "ended ok"]);
    expect(toolTexts()).toContain("children may not write");
  });

  it("a subagent_spawning error refuses the spawn", async () => {
    const hooks = createHookRegistry();
    hooks.on("subagent_spawning", () => ({ status: "error", error: "no helpers after 22:00" }), { pluginId: "curfew" });
    const { run, toolTexts, subagentEvents } = setup([spawn("late task"), say("No helper, sorry.")], {}, hooks);
    await run();
    expect(JSON.parse(toolTexts()[0] ?? "{}")).toEqual({ status: "error", error: "no helpers after 22:00" });
    expect(subagentEvents()).toEqual([]);
  });
});
