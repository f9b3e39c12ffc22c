import { describe, expect, it } from "vitest";
import { runAgentLoop } from "../../src/agent/run-agent-loop.js";
import type { AgentEvent, FaultSpec, ScriptStep } from "../../src/domain/index.js";
import { createScriptedModel } from "../../src/models/scripted-model.js";
import { withFaults } from "../../src/models/with-faults.js";
import { withRetries } from "../../src/models/with-retries.js";
import { createSeededRandom } from "../../src/platform/create-seeded-random.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";
import { skipWait } from "../../src/platform/sleep.js";
import { createBuiltinTools } from "../../src/tools/create-builtin-tools.js";
import { loopContext } from "../support/loop-context.js";
import { callContext } from "../support/scenario-turn.js";

/** Runs one turn of `script` on the scripted model behind fault injection and retries, as a unit does. */
async function run(script: ScriptStep[], faults: FaultSpec, maxAttempts = 4) {
  const runtime = createTestRuntime({ files: {} });
  const events: AgentEvent[] = [];
  const model = withRetries(withFaults(createScriptedModel(), faults), {
    sleep: skipWait,
    random: createSeededRandom(1),
    maxAttempts,
  });
  const outcome = await runAgentLoop({
    runtime,
    model,
    tools: Object.values(createBuiltinTools()),
    systemPrompt: "sys",
    ...loopContext(runtime, model),
    input: { role: "user", content: "hello" },
    callContext: callContext(script),
    workspaceDir: runtime.root,
    maxSteps: 10,
    emit: (event) => events.push(event),
    runId: "run-1",
  });
  return { outcome, events };
}

const faultsAndErrors = (events: AgentEvent[]) =>
  events.flatMap((event) => {
    if (event.type === "fault_injected") return [`${event.type} ${event.kind} ${event.attempt}`];
    if (event.type === "model_error" || event.type === "message_end") return [event.type];
    return [];
  });

describe("injected faults in the agent loop's event stream", () => {
  it("emits fault_injected for each retried attempt, before the call's model_error", async () => {
    const { outcome, events } = await run([{ kind: "text", text: "hi" }], { rate: 1, kinds: ["5xx"] }, 3);
    expect(faultsAndErrors(events)).toEqual([
      "fault_injected 5xx 1",
      "fault_injected 5xx 2",
      "fault_injected 5xx 3",
      "model_error",
    ]);
    expect(events.find((event) => event.type === "fault_injected")).toEqual({
      type: "fault_injected",
      kind: "5xx",
      attempt: 1,
      runId: "run-1",
      sessionKey: "agent:main:main",
    });
    expect(outcome.stopReason).toBe("error");
  });

  it("emits fault_injected for an empty reply, which is not retried", async () => {
    const { outcome, events } = await run([{ kind: "text", text: "hi" }], { rate: 1, kinds: ["empty"] });
    expect(faultsAndErrors(events)).toEqual(["fault_injected empty 1", "message_end"]);
    expect(outcome.reply).toBe("");
  });

  it("numbers the attempt a fault hit when a retry then succeeds", async () => {
    // Seed 7 at rate 0.5: the first call gets a 429, the second none (withFaults' draws).
    const { outcome, events } = await run([{ kind: "text", text: "hi" }], { rate: 0.5, kinds: ["429"], seed: 7 });
    expect(faultsAndErrors(events)).toEqual(["fault_injected 429 1", "message_end"]);
    expect(outcome.reply).toBe("hi");
  });

  it("emits nothing when no fault is injected", async () => {
    const { events } = await run([{ kind: "text", text: "hi" }], { rate: 0, kinds: ["429"] });
    expect(events.some((event) => event.type === "fault_injected")).toBe(false);
  });
});
