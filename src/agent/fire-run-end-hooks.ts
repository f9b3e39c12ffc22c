import { type AssistantMessage, assistantText } from "../domain/index.js";
import type { RunHooks } from "./create-run-hooks.js";
import type { AgentLoopOutcome } from "./run-agent-loop.js";

export interface FireRunEndHooksOptions {
  hooks: RunHooks;
  outcome: AgentLoopOutcome;
  runId: string;
  sessionId: string;
  provider: string;
  model: string;
  /** Run time in ms, when a monotonic clock is injected. */
  durationMs?: number;
}

/** Hooks `agent_end` then `llm_output` (spec/loop.md §2.1 step 10), each awaited. */
export async function fireRunEndHooks(options: FireRunEndHooksOptions): Promise<void> {
  const { hooks, outcome } = options;
  const success = outcome.error === undefined && outcome.stopReason !== "aborted";
  await hooks.fire("agent_end", {
    messages: outcome.messages,
    success,
    ...(outcome.error === undefined ? {} : { error: outcome.error }),
    ...(options.durationMs === undefined ? {} : { durationMs: options.durationMs }),
  });
  const assistants = outcome.messages.filter((message): message is AssistantMessage => message.role === "assistant");
  const lastAssistant = assistants.at(-1);
  await hooks.fire("llm_output", {
    runId: options.runId,
    sessionId: options.sessionId,
    provider: options.provider,
    model: options.model,
    assistantTexts: assistants.map(assistantText).filter((text) => text !== ""),
    ...(lastAssistant === undefined ? {} : { lastAssistant }),
    usage: outcome.usage,
  });
}
