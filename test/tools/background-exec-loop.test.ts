import { afterEach, describe, expect, it } from "vitest";
import { runAgentLoop } from "../../src/agent/run-agent-loop.js";
import type { AgentEvent, Runtime, ScriptStep, Tool } from "../../src/domain/index.js";
import { createScriptedModel } from "../../src/models/scripted-model.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";
import { createBuiltinTools } from "../../src/tools/create-builtin-tools.js";
import { loopContext } from "../support/loop-context.js";
import { callContext } from "../support/scenario-turn.js";

const CONFIG = { tools: { exec: { security: "full", ask: "off" } } };
const runtimes: Runtime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.stopCommands();
});

/** Runs `script` through the agent loop with `tools` and returns each tool result's text, in order. */
async function toolResults(script: ScriptStep[], pick: (tools: ReturnType<typeof createBuiltinTools>) => Tool[]) {
  const runtime = createTestRuntime({ env: { PATH: "/usr/bin:/bin" } });
  runtimes.push(runtime);
  const events: AgentEvent[] = [];
  const model = createScriptedModel();
  await runAgentLoop({
    runtime,
    model,
    tools: pick(createBuiltinTools()),
    systemPrompt: "sys",
    ...loopContext(runtime, model),
    input: { role: "user", content: "build it" },
    callContext: callContext(script),
    workspaceDir: runtime.root,
    maxSteps: 10,
    emit: (event) => events.push(event),
    runId: "run-1",
    services: { config: CONFIG, agentId: "main" },
  });
  return events.flatMap((event) =>
    event.type === "tool_execution_end" ? [event.result.content.map((block) => block.text).join("")] : [],
  );
}

describe("background exec through the agent loop", () => {
  it("moves a command to the background and lets a later call poll it by the id the model was given", async () => {
    // A scripted model cannot read the id back, so its next call lists the sessions instead.
    const texts = await toolResults(
      [
        {
          kind: "tool_calls",
          calls: [{ name: "exec", input: { command: "sleep 0.3; echo built", background: true } }],
        },
        { kind: "tool_calls", calls: [{ name: "process", input: { action: "list" } }] },
        { kind: "text", text: "Started." },
      ],
      (tools) => [tools.exec, tools.process],
    );
    const id = /session (proc-[0-9a-f]{12})/.exec(texts[0] ?? "")?.[1];
    expect(id).toBeDefined();
    expect(texts[1]).toBe(`${id} running :: sleep 0.3; echo built`);
  });

  it("runs in the foreground when the policy leaves the model without the process tool", async () => {
    const texts = await toolResults(
      [
        {
          kind: "tool_calls",
          calls: [{ name: "exec", input: { command: "sleep 0.2; echo built", background: true } }],
        },
        { kind: "text", text: "Done." },
      ],
      (tools) => [tools.exec],
    );
    expect(texts).toEqual(["Exit code 0\nstdout:\nbuilt"]);
  });
});
