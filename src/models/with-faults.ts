import type {
  AssistantBlock,
  FaultKind,
  FaultSpec,
  Model,
  ModelError,
  ModelRequest,
  ModelResponse,
} from "../domain/index.js";
import { ZERO_USAGE } from "../domain/index.js";
import { createSeededRandom } from "../platform/create-seeded-random.js";
import { contextWindowField } from "./context-windows.js";

/** Every injected error message and malformed payload starts with this, so reports show it. */
export const INJECTED_FAULT_PREFIX = "injected fault:";

export interface InjectedFaultCall {
  kind: FaultKind;
  /** 1-based number of the call that got the fault, counted per wrapped model. */
  call: number;
}

export interface FaultOptions extends FaultSpec {
  /** Called once per injected fault (for events and reports). Must not throw. */
  onFault?: (fault: InjectedFaultCall) => void;
}

type InjectedError = Exclude<FaultKind, "malformed" | "empty">;

const INJECTED_ERRORS: Record<InjectedError, ModelError> = {
  "429": {
    kind: "rate_limit",
    message: `${INJECTED_FAULT_PREFIX} 429 rate limit exceeded`,
    status: 429,
    retryAfterMs: 1000,
    retryable: true,
  },
  "5xx": { kind: "server", message: `${INJECTED_FAULT_PREFIX} 503 service unavailable`, status: 503, retryable: true },
  timeout: { kind: "timeout", message: `${INJECTED_FAULT_PREFIX} request timed out`, retryable: true },
  overflow: {
    kind: "other",
    message: `${INJECTED_FAULT_PREFIX} 400 prompt is too long: the request exceeds the model's context window`,
    status: 400,
    retryable: false,
  },
};

/**
 * Makes an inner response malformed. The rule, first match wins:
 * - the inner call failed: its error is returned unchanged (there is nothing to corrupt);
 * - it has a tool call: the first one gets `input: {}` and an `invalidInput` of
 *   `injected fault: ` plus its arguments' JSON cut short by one character;
 * - the request offers tools: a call to the first offered tool is appended with such arguments
 *   (`{`) and the stop reason becomes `tool_use`;
 * - otherwise the content becomes the single text `injected fault: malformed response`.
 */
function corrupt(response: ModelResponse, request: ModelRequest, call: number): ModelResponse {
  if (!response.ok) return response;
  const content: AssistantBlock[] = [...response.message.content];
  const index = content.findIndex((block) => block.type === "tool_call");
  const first = content[index];
  if (first?.type === "tool_call") {
    const invalidInput = `${INJECTED_FAULT_PREFIX} ${JSON.stringify(first.input).slice(0, -1)}`;
    content[index] = { ...first, input: {}, invalidInput };
    return { ...response, message: { ...response.message, content } };
  }
  const tool = request.tools[0];
  if (tool !== undefined) {
    const id = `injected_fault_${call}`;
    content.push({ type: "tool_call", id, name: tool.name, input: {}, invalidInput: `${INJECTED_FAULT_PREFIX} {` });
    return { ...response, message: { ...response.message, content, stopReason: "tool_use" } };
  }
  const text = `${INJECTED_FAULT_PREFIX} malformed response`;
  return { ...response, message: { ...response.message, content: [{ type: "text", text }] } };
}

/**
 * A model that, before each call, injects a fault with probability `rate`, of a kind drawn
 * from `kinds`. Each call draws two numbers from a generator seeded with `seed` (default 0),
 * whether or not it faults, so the same seed gives the same fault sequence, and a higher rate
 * only adds faults. `429`, `5xx` and `timeout` return retryable errors without calling the
 * inner model; `malformed` calls it and corrupts the response (the rule on `corrupt`);
 * `empty` returns an empty `end_turn` message without calling it (zero usage and cost).
 * A faulted response carries `injectedFaults: [{ kind, attempt: 1 }]` (the retry wrapper
 * renumbers attempts), so the agent loop can emit a `fault_injected` event for it.
 */
export function withFaults(model: Model, options: FaultOptions): Model {
  const random = createSeededRandom(options.seed ?? 0);
  let calls = 0;
  return {
    id: model.id,
    ...contextWindowField(model),
    async complete(request) {
      calls += 1;
      const call = calls;
      const roll = random();
      const pick = random();
      const kind = options.kinds[Math.floor(pick * options.kinds.length)];
      if (kind === undefined || !(roll < options.rate)) return model.complete(request);
      options.onFault?.({ kind, call });
      const injectedFaults = [{ kind, attempt: 1 }];
      if (kind === "malformed") return { ...corrupt(await model.complete(request), request, call), injectedFaults };
      if (kind === "empty") {
        return {
          ok: true,
          message: { role: "assistant", content: [], stopReason: "end_turn" },
          usage: ZERO_USAGE,
          costUsd: 0,
          injectedFaults,
        };
      }
      return { ok: false, error: { ...INJECTED_ERRORS[kind] }, injectedFaults };
    },
  };
}
