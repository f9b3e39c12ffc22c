import { describe, expect, it } from "vitest";
import { createHookRegistry, type HookRegistry } from "../../src/agent/create-hook-registry.js";
import {
  type AgentEvent,
  HOOK_NAMES,
  type Model,
  type ScriptStep,
  type ToolResultMessage,
} from "../../src/domain/index.js";
import { createScriptedModel } from "../../src/models/scripted-model.js";
import { createTestSession } from "../support/create-test-session.js";
import { scriptedTurn } from "../support/scenario-turn.js";

interface SetupOptions {
  hooks?: HookRegistry;
  resolveModel?: (id: string) => Model | undefined;
  model?: Model;
}

function setup(options: SetupOptions = {}) {
  let tick = 0;
  const hooks = options.hooks ?? createHookRegistry();
  const { session, model, events, runtime } = createTestSession({
    ...(options.model ? { model: options.model } : {}),
    scenarioId: "hooks",
    unitId: "hooks@scripted~1",
    maxSteps: 6,
    monotonic: () => (tick += 10),
    hooks,
    ...(options.resolveModel ? { resolveModel: options.resolveModel } : {}),
  });
  let index = 0;
  const user = (text: string, script: ScriptStep[]) =>
    session.runTurn({ turn: scriptedTurn(script, { index: index++, text }) });
  const heartbeat = (reply: string) =>
    session.runTurn({
      turn: scriptedTurn([{ kind: "text", text: reply }], { index: index++, kind: "heartbeat", text: "" }),
    });
  return { runtime, model, events, hooks, session, user, heartbeat };
}

/** Registers a recording handler on every hook (no results). */
function recordAll(registry: HookRegistry): void {
  for (const name of HOOK_NAMES) registry.on(name, () => undefined, { pluginId: "recorder" });
}

const hookSequence = (events: readonly AgentEvent[]) =>
  events.flatMap((event) => (event.type === "hook_called" ? [event.hook] : []));

const WRITE_THEN_REPLY: ScriptStep[] = [
  { kind: "tool_calls", calls: [{ name: "write", input: { path: "a.md", content: "x" } }] },
  { kind: "text", text: "Done." },
];

describe("hook order of one run (spec/loop.md §2.1, §11.3)", () => {
  it("fires every hook of a user turn with a tool call in the §2.1 order, then session_end", async () => {
    const { events, hooks, user, session } = setup();
    recordAll(hooks);
    await user("write a.md", WRITE_THEN_REPLY);
    const persist = ["before_message_write"];
    expect(hookSequence(events)).toEqual([
      "message_received",
      "session_start",
      "before_model_resolve",
      "before_agent_start",
      "before_prompt_build",
      "llm_input",
      ...persist, // the user message
      ...persist, // the assistant's tool call
      "before_tool_call",
      "after_tool_call",
      "tool_result_persist",
      ...persist, // the tool result
      ...persist, // the final reply
      "agent_end",
      "llm_output",
      "message_sending",
      "message_sent",
    ]);
    events.length = 0;
    await user("again", [{ kind: "text", text: "Fine." }]);
    expect(hookSequence(events)).toEqual([
      "message_received",
      "before_model_resolve",
      "before_agent_start",
      "before_prompt_build",
      "llm_input",
      "before_message_write",
      "before_message_write",
      "agent_end",
      "llm_output",
      "message_sending",
      "message_sent",
    ]);
    events.length = 0;
    await session.end();
    await session.end();
    expect(hookSequence(events)).toEqual(["session_end"]);
  });

  it("places hook events between the loop events causally", async () => {
    const { events, hooks, user } = setup();
    recordAll(hooks);
    await user("write a.md", WRITE_THEN_REPLY);
    const trace = events
      .filter(
        (event) => !["message_start", "turn_start", "skills_snapshot", "message_end", "turn_end"].includes(event.type),
      )
      .filter(
        (event) =>
          event.type !== "hook_called" || !["before_message_write", "tool_result_persist"].includes(event.hook),
      )
      .map((event) => (event.type === "hook_called" ? event.hook : event.type));
    expect(trace).toEqual([
      "message_received",
      "session_start",
      "agent_start",
      "before_model_resolve",
      "before_agent_start",
      "before_prompt_build",
      "prompt_built",
      "llm_input",
      "context_assembled",
      "tool_execution_start",
      "before_tool_call",
      "tool_execution_end",
      "after_tool_call",
      "context_assembled",
      "agent_end",
      "agent_end",
      "llm_output",
      "message_sending",
      "delivery",
      "message_sent",
    ]);
  });

  it("fires no message_received for heartbeat turns and nothing for a skipped heartbeat", async () => {
    const { events, hooks, heartbeat } = setup();
    recordAll(hooks);
    await heartbeat("HEARTBEAT_OK");
    const sequence = hookSequence(events);
    expect(sequence[0]).toBe("session_start");
    expect(sequence).not.toContain("message_received");
    // HEARTBEAT_OK is not delivered, so message_sending never fires.
    expect(sequence).not.toContain("message_sending");
  });

  it("passes the context argument and payloads the spec names", async () => {
    const { hooks, user } = setup();
    const seen: Record<string, unknown[]> = {};
    for (const name of ["session_start", "llm_input", "after_tool_call", "agent_end", "message_sent"] as const) {
      hooks.on(
        name,
        ((event: unknown, context: unknown) => {
          seen[name] = [event, context];
        }) as never,
        { pluginId: "spy" },
      );
    }
    await user("write a.md", WRITE_THEN_REPLY);
    const [start, startContext] = seen.session_start ?? [];
    expect(start).toEqual({ sessionId: expect.any(String), sessionKey: "agent:main:main" });
    expect(startContext).toMatchObject({ agentId: "main", sessionKey: "agent:main:main", messageProvider: "scenario" });
    expect(seen.llm_input?.[0]).toMatchObject({
      provider: "scripted",
      model: "",
      prompt: "write a.md",
      imagesCount: 0,
    });
    expect(seen.after_tool_call?.[0]).toMatchObject({
      toolName: "write",
      params: { path: "a.md", content: "x" },
      durationMs: 10,
    });
    expect(seen.after_tool_call?.[1]).toMatchObject({ toolName: "write", toolCallId: expect.any(String) });
    expect(seen.agent_end?.[0]).toMatchObject({ success: true });
    expect(seen.message_sent?.[0]).toEqual({ to: "owner", content: "Done.", success: true });
  });
});

describe("hook effects on a run", () => {
  it("prependContext goes before the user text (before_prompt_build first, then before_agent_start)", async () => {
    const { model, hooks, user, session } = setup();
    hooks.on("before_agent_start", () => ({ prependContext: "legacy" }), { pluginId: "old" });
    hooks.on("before_prompt_build", () => ({ prependContext: "from-b" }), { pluginId: "b", priority: 5 });
    hooks.on("before_prompt_build", () => ({ prependContext: "from-a" }), { pluginId: "a", priority: 10 });
    const outcome = await user("hello", [{ kind: "text", text: "hi" }]);
    // A request's messages are the run's live transcript: find the user message in it.
    expect(model.requests[0]?.messages.find((message) => message.role === "user")).toEqual({
      role: "user",
      content: "from-a\n\nfrom-b\n\nlegacy\n\nhello",
      kind: "user",
    });
    expect(outcome.input).toBe("hello");
    expect(session.history[0]).toEqual({ role: "user", content: "from-a\n\nfrom-b\n\nlegacy\n\nhello", kind: "user" });
  });

  it("systemPrompt replaces the built prompt, before_prompt_build's ahead of before_agent_start's", async () => {
    const { model, hooks, user, events } = setup();
    hooks.on("before_agent_start", () => ({ systemPrompt: "legacy prompt" }), { pluginId: "old" });
    const first = await user("hello", [{ kind: "text", text: "hi" }]);
    expect(model.requests[0]?.systemPrompt).toBe("legacy prompt");
    expect(first.systemPrompt).toBe("legacy prompt");
    hooks.on("before_prompt_build", () => ({ systemPrompt: "new prompt" }), { pluginId: "new" });
    await user("again", [{ kind: "text", text: "hi" }]);
    expect(model.requests[1]?.systemPrompt).toBe("new prompt");
    expect(events.filter((event) => event.type === "prompt_built").map((event) => event.systemPrompt)).toEqual([
      "legacy prompt",
      "new prompt",
    ]);
  });

  it("a block gives one isError result with the reason, skips the tool, and after_tool_call sees the error", async () => {
    const { model, hooks, user, events, runtime } = setup();
    const after: unknown[] = [];
    hooks.on("before_tool_call", () => ({ block: true }), { pluginId: "guard" });
    hooks.on("after_tool_call", (event) => void after.push(event), { pluginId: "spy" });
    await user("write a.md", WRITE_THEN_REPLY);
    const result = model.requests[1]?.messages.find((message) => message.role === "tool_result");
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: "text", text: "Tool call blocked by plugin hook" }],
    });
    expect(await runtime.fs.stat(`${runtime.root}/a.md`)).toBeUndefined();
    expect(events.filter((event) => event.type === "tool_blocked")).toEqual([
      expect.objectContaining({ toolName: "write", reason: "Tool call blocked by plugin hook", pluginId: "guard" }),
    ]);
    expect(events.filter((event) => event.type === "tool_execution_end")).toHaveLength(1);
    expect(after).toEqual([expect.objectContaining({ error: "Tool call blocked by plugin hook" })]);
  });

  it("returned params are shallow-merged over the original params", async () => {
    const { hooks, user, runtime } = setup();
    hooks.on("before_tool_call", () => ({ params: { path: "notes/b.md" } }), { pluginId: "mover" });
    await user("write a.md", WRITE_THEN_REPLY);
    expect(await runtime.fs.readText(`${runtime.root}/notes/b.md`)).toBe("x");
  });

  it("a throwing before_tool_call handler is reported and the tool runs with the original params", async () => {
    const { hooks, user, runtime, events } = setup();
    hooks.on(
      "before_tool_call",
      () => {
        throw new Error("policy down");
      },
      { pluginId: "broken" },
    );
    await user("write a.md", WRITE_THEN_REPLY);
    expect(await runtime.fs.readText(`${runtime.root}/a.md`)).toBe("x");
    expect(events.filter((event) => event.type === "hook_error")).toEqual([
      expect.objectContaining({ hook: "before_tool_call", pluginId: "broken", message: "policy down" }),
    ]);
  });

  it("before_message_write block keeps the message out of the history, not out of the running transcript", async () => {
    const { model, hooks, user, session } = setup();
    hooks.on("before_message_write", (event) => (event.message.role === "tool_result" ? { block: true } : undefined), {
      pluginId: "no-tool-results",
    });
    await user("write a.md", WRITE_THEN_REPLY);
    // The second model call still sees the blocked tool result.
    expect(model.requests[1]?.messages.map((message) => message.role)).toEqual(["user", "assistant", "tool_result"]);
    expect(session.history.map((message) => message.role)).toEqual(["user", "assistant", "assistant"]);
  });

  it("tool_result_persist rewrites what is persisted, not what the model saw", async () => {
    const { model, hooks, user, session } = setup();
    hooks.on(
      "tool_result_persist",
      (event) =>
        event.message.role === "tool_result"
          ? { message: { ...event.message, content: [{ type: "text", text: "[persisted]" }] } }
          : undefined,
      { pluginId: "redact" },
    );
    await user("write a.md", WRITE_THEN_REPLY);
    const seen = model.requests[1]?.messages.find((message) => message.role === "tool_result") as ToolResultMessage;
    expect(seen.content[0]?.text).not.toBe("[persisted]");
    expect(session.history[2]).toMatchObject({ role: "tool_result", content: [{ type: "text", text: "[persisted]" }] });
  });

  it("message_sending cancel: nothing delivered, delivery skipped hook-cancel, no message_sent", async () => {
    const { hooks, user, events } = setup();
    const sent: unknown[] = [];
    hooks.on("message_sending", () => ({ cancel: true }), { pluginId: "muzzle" });
    hooks.on("message_sent", (event) => void sent.push(event), { pluginId: "spy" });
    const outcome = await user("hi", [{ kind: "text", text: "Hello!" }]);
    expect(outcome.delivered).toBeNull();
    expect(outcome.reply).toBe("Hello!");
    expect(events.filter((event) => event.type === "delivery")).toEqual([
      expect.objectContaining({ status: "skipped", reason: "hook-cancel" }),
    ]);
    expect(sent).toEqual([]);
  });

  it("message_sending applies to heartbeat alerts: rewrite delivers the new text, cancel skips the alert", async () => {
    const { hooks, heartbeat, events } = setup();
    let mode: "rewrite" | "cancel" = "rewrite";
    hooks.on("message_sending", () => (mode === "rewrite" ? { content: "Rewritten alert" } : { cancel: true }), {
      pluginId: "alerts",
    });
    const first = await heartbeat("The build is red.");
    expect(first.delivered).toBe("Rewritten alert");
    mode = "cancel";
    events.length = 0;
    const second = await heartbeat("The deploy failed.");
    expect(second.delivered).toBeNull();
    expect(events.filter((event) => event.type === "heartbeat")).toEqual([
      expect.objectContaining({ status: "skipped", reason: "hook-cancel" }),
    ]);
  });

  it("modelOverride switches the run's model through resolveModel; an unresolvable one is reported and ignored", async () => {
    const other = createScriptedModel({ id: "scripted:other" });
    const { model, hooks, user, events } = setup({
      resolveModel: (id) => (id === "scripted:other" ? other : undefined),
    });
    let override = "other";
    hooks.on("before_model_resolve", () => ({ modelOverride: override }), { pluginId: "router" });
    await user("hi", [{ kind: "text", text: "from other" }]);
    expect(other.requests).toHaveLength(1);
    expect(model.requests).toHaveLength(0);
    override = "missing";
    await user("hi", [{ kind: "text", text: "from default" }]);
    expect(model.requests).toHaveLength(1);
    expect(events.filter((event) => event.type === "hook_error").at(-1)).toMatchObject({
      hook: "before_model_resolve",
      pluginId: "runtime",
      message: 'model override "scripted:missing" could not be resolved; the run keeps scripted',
    });
  });
});
