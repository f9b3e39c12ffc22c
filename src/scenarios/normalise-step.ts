import type { ScriptStep, ScriptStepFile, ScriptToolCall, ScriptToolCallFile } from "../domain/index.js";
import { parseScenarioDurationMs } from "./parse-turn-arrival.js";

/**
 * A script step in its domain shape: `retryAfter` seconds to `retryAfterMs`, `takes` to
 * `takesMs` (on a text step, or on each tool call; absent when not written), a single `tool`
 * step as a one-call `tool_calls`. Also normalises summary steps, a subset of script steps
 * (text, error without retry-after, hang). Pure; the step is valid.
 */
export function normaliseStep(step: ScriptStepFile): ScriptStep {
  if ("hang" in step) return { kind: "hang" };
  if ("error" in step) {
    const { status, message, retryAfter } = step.error;
    return {
      kind: "error",
      message,
      ...(status === undefined ? {} : { status }),
      ...(retryAfter === undefined ? {} : { retryAfterMs: Math.round(retryAfter * 1000) }),
    };
  }
  if ("tools" in step || "tool" in step) {
    const calls = "tools" in step ? step.tools : [step];
    const text = step.text === undefined ? {} : { text: step.text };
    return { kind: "tool_calls", calls: calls.map(normaliseToolCall), ...text };
  }
  return { kind: "text", text: step.text, ...takesMs(step.takes) };
}

function normaliseToolCall(call: ScriptToolCallFile): ScriptToolCall {
  return { name: call.tool, input: { ...call.input }, ...takesMs(call.takes) };
}

function takesMs(takes: string | undefined): { takesMs?: number } {
  const ms = takes === undefined ? undefined : parseScenarioDurationMs(takes);
  return ms === undefined ? {} : { takesMs: ms };
}
