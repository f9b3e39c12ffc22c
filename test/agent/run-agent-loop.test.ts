import { describe, expect, it } from "vitest";
import { runAgentLoop } from "../../src/agent/run-agent-loop.js";
import type { AgentEvent, ScriptStep } from "../../src/domain/index.js";
import { createScriptedModel } from "../../src/models/scripted-model.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";
import { createBuiltinTools } from "../../src/tools/create-builtin-tools.js";
import { loopContext } from "../support/loop-context.js";
import { callContext } from "../support/scenario-turn.js";

async function run(script: ScriptStep[], options: { maxSteps?: number; files?: Record<string, string> } = {}) {
  const runtime = createTestRuntime({ files: options.files ?? {} });
  const events: AgentEvent[] = [];
  const model = createScriptedModel();
  const outcome = await runAgentLoop({
    runtime,
    model,
    tools: Object.values(createBuiltinTools()),
    systemPrompt: "sys",
    ...loopContext(runtime, model),
    input: { role: "user", content: "hello" },
    callContext: callContext(script),
    workspaceDir: runtime.root,
    maxSteps: options.maxSteps ?? 10,
    emit: (event) => events.push(event),
    runId: "run-1",
  });
  return { outcome, events, runtime };
}

const types = (events: AgentEvent[]) => events.map((event) => event.type);

describe("runAgentLoop", () => {
  it("runs model -> tool -> model -> reply and emits the event stream in causal order", async () => {
    const { outcome, events } = await run(
      [
        { kind: "tool_calls", calls: [{ name: "read", input: { path: "a.md" } }] },
        { kind: "text", text: "It says hi." },
      ],
      { files: { "a.md": "hi" } },
    );
    expect(types(events)).toEqual([
      "turn_start",
      "message_start",
      "context_assembled",
      "message_end",
      "tool_execution_start",
      "tool_execution_end",
      "turn_end",
      "turn_start",
      "message_start",
      "context_assembled",
      "message_end",
      "turn_end",
      "agent_end",
    ]);
    expect(outcome.reply).toBe("It says hi.");
    expect(outcome.stopReason).toBe("end_turn");
    expect(outcome.messages.map((message) => message.role)).toEqual(["user", "assistant", "tool_result", "assistant"]);
    const end = events.find((event) => event.type === "tool_execution_end");
    expect(end).toMatchObject({ toolName: "read", isError: false, runId: "run-1", sessionKey: "agent:main:main" });
  });

  it("turns an unknown tool into an error result the model sees, and continues", async () => {
    const { outcome, events } = await run([
      { kind: "tool_calls", calls: [{ name: "teleport", input: {} }] },
      { kind: "text", text: "ok" },
    ]);
    const end = events.find((event) => event.type === "tool_execution_end");
    expect(end).toMatchObject({
      isError: true,
      result: { content: [{ type: "text", text: "Tool teleport not found" }] },
    });
    expect(outcome.reply).toBe("ok");
  });

  it("rejects arguments that fail the tool's schema without executing it", async () => {
    const { events } = await run([
      { kind: "tool_calls", calls: [{ name: "write", input: { path: "x.md" } }] },
      { kind: "text", text: "ok" },
    ]);
    const end = events.find((event) => event.type === "tool_execution_end");
    expect(end).toMatchObject({ isError: true });
    expect(JSON.stringify(end)).toContain("Invalid arguments for write");
  });

  it("stops after maxSteps model calls", async () => {
    const loop: ScriptStep = { kind: "tool_calls", calls: [{ name: "ls", input: {} }] };
    const { outcome } = await run([loop, loop, loop], { maxSteps: 2 });
    expect(outcome.stopReason).toBe("max_steps");
    expect(outcome.error).toMatch(/after 2 model calls/);
  });

  it("ends with an error when the model fails", async () => {
    const { outcome, events } = await run([]);
    expect(outcome.stopReason).toBe("error");
    expect(outcome.error).toContain("script exhausted");
    expect(events.at(-1)).toMatchObject({ type: "agent_end", success: false });
  });
});
