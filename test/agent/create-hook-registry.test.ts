import { describe, expect, it } from "vitest";
import { createHookRegistry, type HookNotice } from "../../src/agent/create-hook-registry.js";
import { HOOK_MERGE_RULES } from "../../src/agent/hook-merge-rules.js";
import { ClawEvalError, HOOK_KINDS, HOOK_NAMES, type Message } from "../../src/domain/index.js";

const CONTEXT = { agentId: "main", sessionKey: "agent:main:main" };
const TOOL_CONTEXT = { ...CONTEXT, toolName: "write", toolCallId: "call-1" };
const TOOL_EVENT = { toolName: "write", params: { path: "a.md", content: "x" }, toolCallId: "call-1" };

function setup() {
  const lines: string[] = [];
  const notices: HookNotice[] = [];
  const registry = createHookRegistry({ log: (line) => lines.push(line) });
  const report = (notice: HookNotice) => notices.push(notice);
  return { registry, lines, notices, report };
}

describe("hook table", () => {
  it("names every hook of spec/loop.md §3.1 with its kind", () => {
    expect(HOOK_NAMES).toHaveLength(24);
    expect(HOOK_NAMES.filter((name) => HOOK_KINDS[name] === "sync")).toEqual([
      "tool_result_persist",
      "before_message_write",
    ]);
    expect(Object.keys(HOOK_MERGE_RULES).sort()).toEqual(
      HOOK_NAMES.filter((name) => HOOK_KINDS[name] === "modifying").sort(),
    );
  });
});

describe("registration", () => {
  it("counts handlers per hook", () => {
    const { registry } = setup();
    expect(registry.hasHooks("llm_input")).toBe(false);
    registry.on("llm_input", () => undefined, { pluginId: "a" });
    registry.on("llm_input", () => undefined, { pluginId: "b" });
    expect(registry.hasHooks("llm_input")).toBe(true);
    expect(registry.getHookCount("llm_input")).toBe(2);
    expect(registry.getHookCount("llm_output")).toBe(0);
  });

  it("rejects an unknown hook name and a handler that is no function", () => {
    const { registry } = setup();
    expect(() => registry.on("before_tool_cal" as "before_tool_call", () => undefined, { pluginId: "a" })).toThrow(
      ClawEvalError,
    );
    expect(() => registry.on("llm_input", "nope" as never, { pluginId: "a" })).toThrow(/not a function/);
  });

  it("runs nothing and resolves undefined without handlers (§3.4)", async () => {
    const { registry, notices, report } = setup();
    const event = { prompt: "hi", messages: [] };
    expect(await registry.runModifying("before_prompt_build", { event, context: CONTEXT, report })).toBeUndefined();
    expect(registry.runSync("before_message_write", { event: { message: USER }, context: CONTEXT, report })).toBe(
      undefined,
    );
    await registry.runVoid("llm_output", { event: LLM_OUTPUT, context: CONTEXT, report });
    expect(notices).toEqual([]);
  });
});

const USER: Message = { role: "user", content: "hello" };
const LLM_OUTPUT = {
  runId: "r",
  sessionId: "s",
  provider: "scripted",
  model: "",
  assistantTexts: [],
  usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
};

describe("modifying hooks: spec/loop.md §3.3 and §3.4", () => {
  it("joins prependContext highest priority first and keeps the first systemPrompt", async () => {
    const { registry, report, notices } = setup();
    registry.on("before_prompt_build", () => ({ prependContext: "from-b", systemPrompt: "B" }), {
      pluginId: "b",
      priority: 5,
    });
    registry.on("before_prompt_build", () => ({ prependContext: "from-a", systemPrompt: "A" }), {
      pluginId: "a",
      priority: 10,
    });
    const result = await registry.runModifying("before_prompt_build", {
      event: { prompt: "hi", messages: [] },
      context: CONTEXT,
      report,
    });
    expect(result).toEqual({ prependContext: "from-a\n\nfrom-b", systemPrompt: "A" });
    expect(notices).toEqual([
      { type: "hook_called", hook: "before_prompt_build", pluginId: "a" },
      { type: "hook_called", hook: "before_prompt_build", pluginId: "b" },
    ]);
  });

  it("before_tool_call: params last defined, first block stops, later handlers never run", async () => {
    const { registry, report, notices } = setup();
    const ran: string[] = [];
    registry.on(
      "before_tool_call",
      () => {
        ran.push("A");
        return { params: { path: "memory/x.md" } };
      },
      { pluginId: "A", priority: 10 },
    );
    registry.on(
      "before_tool_call",
      () => {
        ran.push("B");
        return { block: true, blockReason: "instance id must start with i-" };
      },
      { pluginId: "B", priority: 5 },
    );
    registry.on(
      "before_tool_call",
      () => {
        ran.push("C");
        return { block: false };
      },
      { pluginId: "C", priority: 1 },
    );
    const stoppedBy: string[] = [];
    const result = await registry.runModifying("before_tool_call", {
      event: TOOL_EVENT,
      context: TOOL_CONTEXT,
      report,
      onStop: (pluginId) => stoppedBy.push(pluginId),
    });
    expect(result).toEqual({
      params: { path: "memory/x.md" },
      block: true,
      blockReason: "instance id must start with i-",
    });
    expect(ran).toEqual(["A", "B"]);
    expect(stoppedBy).toEqual(["B"]);
    expect(notices.map((notice) => notice.pluginId)).toEqual(["A", "B"]);
  });

  it("before_tool_call: a later params result replaces an earlier one; blockReason is last defined", async () => {
    const { registry } = setup();
    registry.on("before_tool_call", () => ({ params: { path: "a" }, blockReason: "first" }), {
      pluginId: "x",
      priority: 2,
    });
    registry.on("before_tool_call", () => ({ params: { content: "b" }, block: true }), { pluginId: "y", priority: 1 });
    const result = await registry.runModifying("before_tool_call", { event: TOOL_EVENT, context: TOOL_CONTEXT });
    expect(result).toEqual({ params: { content: "b" }, block: true, blockReason: "first" });
  });

  it("a throwing before_tool_call handler is logged and skipped; the others' results stand (fail-open)", async () => {
    const { registry, report, notices, lines } = setup();
    registry.on(
      "before_tool_call",
      () => {
        throw new Error("boom");
      },
      { pluginId: "broken", priority: 10 },
    );
    registry.on("before_tool_call", () => ({ params: { path: "b.md" } }), { pluginId: "fixer" });
    const result = await registry.runModifying("before_tool_call", {
      event: TOOL_EVENT,
      context: TOOL_CONTEXT,
      report,
    });
    expect(result).toEqual({ params: { path: "b.md" } });
    expect(lines).toEqual(["[hooks] before_tool_call handler from broken failed: boom"]);
    expect(notices).toEqual([
      { type: "hook_called", hook: "before_tool_call", pluginId: "broken" },
      { type: "hook_error", hook: "before_tool_call", pluginId: "broken", message: "boom" },
      { type: "hook_called", hook: "before_tool_call", pluginId: "fixer" },
    ]);
  });

  it("a lone throwing before_tool_call handler leaves no result: the tool runs with its params", async () => {
    const { registry } = setup();
    registry.on(
      "before_tool_call",
      async () => {
        throw new Error("async boom");
      },
      { pluginId: "broken" },
    );
    expect(await registry.runModifying("before_tool_call", { event: TOOL_EVENT, context: TOOL_CONTEXT })).toBe(
      undefined,
    );
  });

  it("message_sending: content last defined; cancel is sticky and stops", async () => {
    const { registry } = setup();
    const ran: string[] = [];
    registry.on(
      "message_sending",
      () => {
        ran.push("rewrite");
        return { content: "rewritten" };
      },
      { pluginId: "a", priority: 3 },
    );
    registry.on(
      "message_sending",
      () => {
        ran.push("cancel");
        return { cancel: true };
      },
      { pluginId: "b", priority: 2 },
    );
    registry.on(
      "message_sending",
      () => {
        ran.push("late");
        return { cancel: false, content: "late" };
      },
      { pluginId: "c", priority: 1 },
    );
    const result = await registry.runModifying("message_sending", {
      event: { to: "owner", content: "hi" },
      context: CONTEXT,
    });
    expect(result).toEqual({ content: "rewritten", cancel: true });
    expect(ran).toEqual(["rewrite", "cancel"]);
  });

  it("before_model_resolve and before_agent_start: the first defined override wins", async () => {
    const { registry } = setup();
    registry.on("before_agent_start", () => ({ modelOverride: "first", prependContext: "one" }), {
      pluginId: "a",
      priority: 2,
    });
    registry.on(
      "before_agent_start",
      () => ({ modelOverride: "second", providerOverride: "p", prependContext: "two" }),
      {
        pluginId: "b",
      },
    );
    const result = await registry.runModifying("before_agent_start", { event: { prompt: "x" }, context: CONTEXT });
    expect(result).toEqual({ modelOverride: "first", providerOverride: "p", prependContext: "one\n\ntwo" });
  });

  it("subagent_spawning: any error wins, threadBindingReady is OR-ed; delivery target: first origin", async () => {
    const { registry } = setup();
    registry.on("subagent_spawning", () => ({ status: "ok", threadBindingReady: true }), {
      pluginId: "a",
      priority: 3,
    });
    registry.on("subagent_spawning", () => ({ status: "error", error: "no threads" }), { pluginId: "b", priority: 2 });
    registry.on("subagent_spawning", () => ({ status: "ok", threadBindingReady: false }), {
      pluginId: "c",
      priority: 1,
    });
    registry.on("subagent_delivery_target", () => ({ origin: { channel: "first" } }), { pluginId: "a", priority: 2 });
    registry.on("subagent_delivery_target", () => ({ origin: { channel: "second" } }), { pluginId: "b" });
    const info = { childSessionKey: "agent:main:subagent:1", requesterSessionKey: "agent:main:main" };
    expect(await registry.runModifying("subagent_spawning", { event: info, context: CONTEXT })).toEqual({
      status: "error",
      error: "no threads",
      threadBindingReady: true,
    });
    expect(await registry.runModifying("subagent_delivery_target", { event: info, context: CONTEXT })).toEqual({
      origin: { channel: "first" },
    });
  });
});

describe("void hooks", () => {
  it("calls every handler, awaits them all, and reports failures in handler order", async () => {
    const { registry, report, notices, lines } = setup();
    const finished: string[] = [];
    registry.on(
      "agent_end",
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error("slow failure");
      },
      { pluginId: "slow", priority: 2 },
    );
    registry.on(
      "agent_end",
      () => {
        throw new Error("fast failure");
      },
      { pluginId: "fast", priority: 1 },
    );
    registry.on(
      "agent_end",
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        finished.push("ok");
      },
      { pluginId: "ok" },
    );
    await registry.runVoid("agent_end", { event: { messages: [], success: true }, context: CONTEXT, report });
    expect(finished).toEqual(["ok"]);
    expect(notices).toEqual([
      { type: "hook_called", hook: "agent_end", pluginId: "slow" },
      { type: "hook_called", hook: "agent_end", pluginId: "fast" },
      { type: "hook_called", hook: "agent_end", pluginId: "ok" },
      { type: "hook_error", hook: "agent_end", pluginId: "slow", message: "slow failure" },
      { type: "hook_error", hook: "agent_end", pluginId: "fast", message: "fast failure" },
    ]);
    expect(lines).toEqual([
      "[hooks] agent_end handler from slow failed: slow failure",
      "[hooks] agent_end handler from fast failed: fast failure",
    ]);
  });
});

describe("sync hooks", () => {
  const TOOL_RESULT: Message = {
    role: "tool_result",
    toolCallId: "call-1",
    toolName: "read",
    content: [{ type: "text", text: "secret" }],
    isError: false,
  };

  it("tool_result_persist: each handler sees the message the previous one returned", () => {
    const { registry } = setup();
    const seen: string[] = [];
    const textOf = (message: Message) => (message.role === "tool_result" ? (message.content[0]?.text ?? "") : "");
    registry.on(
      "tool_result_persist",
      (event) => {
        seen.push(textOf(event.message));
        return { message: { ...TOOL_RESULT, content: [{ type: "text", text: "[redacted]" }] } };
      },
      { pluginId: "a", priority: 1 },
    );
    registry.on(
      "tool_result_persist",
      (event) => {
        seen.push(textOf(event.message));
        return undefined;
      },
      { pluginId: "b" },
    );
    const result = registry.runSync("tool_result_persist", {
      event: { toolName: "read", toolCallId: "call-1", message: TOOL_RESULT },
      context: { toolName: "read", toolCallId: "call-1" },
    });
    expect(seen).toEqual(["secret", "[redacted]"]);
    expect(result).toEqual({ message: { ...TOOL_RESULT, content: [{ type: "text", text: "[redacted]" }] } });
  });

  it("before_message_write: block stops the chain", () => {
    const { registry } = setup();
    const ran: string[] = [];
    registry.on(
      "before_message_write",
      () => {
        ran.push("blocker");
        return { block: true };
      },
      { pluginId: "blocker", priority: 1 },
    );
    registry.on(
      "before_message_write",
      () => {
        ran.push("late");
        return { block: false };
      },
      { pluginId: "late" },
    );
    expect(registry.runSync("before_message_write", { event: { message: TOOL_RESULT }, context: CONTEXT })).toEqual({
      block: true,
    });
    expect(ran).toEqual(["blocker"]);
  });

  it("ignores a returned Promise with a warning, and catches a throw", () => {
    const { registry, report, notices, lines } = setup();
    registry.on("before_message_write", (() => Promise.resolve({ block: true })) as never, {
      pluginId: "async-plugin",
      priority: 2,
    });
    registry.on(
      "before_message_write",
      () => {
        throw new Error("disk full");
      },
      { pluginId: "thrower", priority: 1 },
    );
    const result = registry.runSync("before_message_write", { event: { message: USER }, context: CONTEXT, report });
    expect(result).toBeUndefined();
    expect(lines).toEqual([
      "[hooks] before_message_write handler from async-plugin returned a Promise, but before_message_write is a synchronous hook, so the result was ignored",
      "[hooks] before_message_write handler from thrower failed: disk full",
    ]);
    expect(notices.map((notice) => notice.type)).toEqual(["hook_called", "hook_warning", "hook_called", "hook_error"]);
  });
});
