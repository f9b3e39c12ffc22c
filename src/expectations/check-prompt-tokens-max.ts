import type { AgentEvent, AgentEventOf, ExpectationOf, ExpectationResult } from "../domain/index.js";
import type { ExpectationContext } from "./expectation-context.js";

type Assembled = AgentEventOf<"context_assembled">;

function isAssembled(event: AgentEvent): event is Assembled {
  return event.type === "context_assembled";
}

function describeRequest(request: Assembled, mainSession: string | undefined): string {
  const session = request.sessionKey === mainSession ? "" : `, session ${request.sessionKey}`;
  const messages = `${request.messageCount} message${request.messageCount === 1 ? "" : "s"}`;
  return `${request.estimatedTokens} tokens (step ${request.step}, ${messages}${session})`;
}

/**
 * `prompt-tokens-max`: every `context_assembled` event of the turn (one per model call, in every
 * session; `estimatedTokens` counts the system prompt and the messages, context.md §3) is at most
 * `max`. A turn that made no model call fails: there is nothing to bound.
 */
export function checkPromptTokensMax(
  expectation: ExpectationOf<"prompt-tokens-max">,
  context: ExpectationContext,
): ExpectationResult {
  const requests = context.result.events.filter(isAssembled);
  const expected = `every model call at most ${expectation.max} tokens`;
  const base = { type: expectation.type, expected, location: expectation.location };
  const largest = requests.reduce<Assembled | undefined>(
    (best, request) => (best === undefined || request.estimatedTokens > best.estimatedTokens ? request : best),
    undefined,
  );
  if (largest === undefined) {
    const actual = "no model call (no context_assembled event)";
    return { ...base, pass: false, message: `expected ${expected}, but the turn made ${actual}`, actual };
  }
  const mainSession = requests[0]?.sessionKey;
  const over = requests.filter((request) => request.estimatedTokens > expectation.max).length;
  const calls = `${requests.length} model call${requests.length === 1 ? "" : "s"}`;
  const actual = `largest of ${calls}: ${describeRequest(largest, mainSession)}`;
  if (over === 0) return { ...base, pass: true, message: `prompt-tokens-max ${expectation.max}: ${actual}`, actual };
  return {
    ...base,
    pass: false,
    message: `expected ${expected}, but ${over} of ${calls} exceeded it; the largest carried ${describeRequest(largest, mainSession)}`,
    actual,
  };
}
