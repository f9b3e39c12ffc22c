import type { AssistantBlock, ModelError, ModelResponse, ScriptStep } from "../domain/index.js";
import { ZERO_USAGE } from "../domain/index.js";

export interface PlayScriptStepOptions {
  step: ScriptStep;
  /** The id of the step's `index`-th tool call. */
  callId: (index: number) => string;
  /** What a `hang` step waits on. */
  signal: AbortSignal | undefined;
  /** Names the call in a `hang` step's error when there is no signal, e.g. `scenario "x" turn 2`. */
  where: string;
}

function errorResponse(step: Extract<ScriptStep, { kind: "error" }>): ModelResponse {
  const status = step.status;
  const kind = status === 429 ? "rate_limit" : status !== undefined && status >= 500 ? "server" : "other";
  return {
    ok: false,
    error: {
      kind,
      message: step.message,
      ...(status === undefined ? {} : { status }),
      ...(step.retryAfterMs === undefined ? {} : { retryAfterMs: step.retryAfterMs }),
      retryable: kind !== "other",
    },
  };
}

const HANG_ABORTED: ModelError = {
  kind: "aborted",
  message: "aborted while a scripted `hang` step was waiting",
  retryable: false,
};

/**
 * Waits until `signal` aborts, then answers `aborted`. Without a signal nothing could ever end
 * the wait, so the call fails at once with a `script` error instead of hanging the run.
 */
function hang(signal: AbortSignal | undefined, where: string): Promise<ModelResponse> {
  if (signal === undefined) {
    const message =
      `a \`hang\` step of ${where} was played by a call that cannot be aborted (no abort signal); ` +
      "use `hang` only where a timeout or interrupt aborts the call";
    return Promise.resolve({ ok: false, error: { kind: "script", message, retryable: false } });
  }
  if (signal.aborted) return Promise.resolve({ ok: false, error: HANG_ABORTED });
  return new Promise((resolve) => {
    signal.addEventListener("abort", () => resolve({ ok: false, error: HANG_ABORTED }), { once: true });
  });
}

/**
 * What one script step answers: a text reply, tool calls (ids from `callId`), an error result
 * (429 ⇒ `rate_limit`, 5xx ⇒ `server`, both retryable; other statuses `other`), or, for `hang`,
 * nothing until the call is aborted. Usage is zero and cost 0. A step's `takes:` rides on the
 * response as `simulated` time, which the agent loop waits on the unit's clock.
 */
export function playScriptStep(options: PlayScriptStepOptions): Promise<ModelResponse> {
  const { step, callId } = options;
  if (step.kind === "hang") return hang(options.signal, options.where);
  if (step.kind === "error") return Promise.resolve(errorResponse(step));
  if (step.kind === "text") {
    return Promise.resolve({
      ok: true,
      message: { role: "assistant", content: [{ type: "text", text: step.text }], stopReason: "end_turn" },
      usage: ZERO_USAGE,
      costUsd: 0,
      ...(step.takesMs === undefined ? {} : { simulated: { takesMs: step.takesMs } }),
    });
  }
  const content: AssistantBlock[] = [];
  const toolDurationsMs: Record<string, number> = {};
  if (step.text !== undefined && step.text !== "") content.push({ type: "text", text: step.text });
  step.calls.forEach((call, index) => {
    const id = callId(index);
    content.push({ type: "tool_call", id, name: call.name, input: call.input });
    if (call.takesMs !== undefined) toolDurationsMs[id] = call.takesMs;
  });
  return Promise.resolve({
    ok: true,
    message: { role: "assistant", content, stopReason: "tool_use" },
    usage: ZERO_USAGE,
    costUsd: 0,
    ...(Object.keys(toolDurationsMs).length === 0 ? {} : { simulated: { toolDurationsMs } }),
  });
}
