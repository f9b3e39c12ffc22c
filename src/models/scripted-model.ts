import type { AssistantBlock, Model, ModelRequest, ModelResponse, ScriptStep, UserMessage } from "../domain/index.js";
import { ZERO_USAGE } from "../domain/index.js";

/** What the scripted model plays for a call: a step, or a function of the request. */
export type ScriptSource = "scenario" | "echo" | readonly ScriptStep[] | ((request: ModelRequest) => ScriptStep);

export interface ScriptedModelOptions {
  id?: string;
  /**
   * `scenario` (default) plays each turn's `script`; `echo` replies with the user's text;
   * a list is played in order across all calls; a function is asked per call.
   */
  source?: ScriptSource;
}

/** A scripted model records every request it received. */
export interface ScriptedModel extends Model {
  readonly requests: ModelRequest[];
}

function lastUserText(request: ModelRequest): string {
  for (let index = request.messages.length - 1; index >= 0; index--) {
    const message = request.messages[index];
    if (message?.role === "user") return (message as UserMessage).content;
  }
  return "";
}

function playStep(step: ScriptStep, callId: (index: number) => string): ModelResponse {
  if (step.kind === "error") {
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
  if (step.kind === "text") {
    return {
      ok: true,
      message: { role: "assistant", content: [{ type: "text", text: step.text }], stopReason: "end_turn" },
      usage: ZERO_USAGE,
      costUsd: 0,
    };
  }
  const content: AssistantBlock[] = [];
  if (step.text !== undefined && step.text !== "") content.push({ type: "text", text: step.text });
  step.calls.forEach((call, index) => {
    content.push({ type: "tool_call", id: callId(index), name: call.name, input: call.input });
  });
  return { ok: true, message: { role: "assistant", content, stopReason: "tool_use" }, usage: ZERO_USAGE, costUsd: 0 };
}

/**
 * The built-in deterministic model. In `scenario` mode the steps of a turn's script are
 * consumed in order across all of that turn's model calls, whichever session makes them (a
 * sub-agent's calls take the next steps); when they run out the call fails with an error naming
 * the scenario and turn.
 */
export function createScriptedModel(options: ScriptedModelOptions = {}): ScriptedModel {
  const source = options.source ?? "scenario";
  const requests: ModelRequest[] = [];
  const cursors = new Map<string, number>();
  let listCursor = 0;
  return {
    id: options.id ?? (source === "echo" ? "scripted:echo" : "scripted"),
    requests,
    async complete(request) {
      requests.push(request);
      const { context } = request;
      const key = `${context.unitId}\u0000${context.turnIndex}`;
      const position = cursors.get(key) ?? 0;
      cursors.set(key, position + 1);
      const callId = (index: number) => `call_${context.turnIndex + 1}_${position + 1}_${index + 1}`;
      if (source === "echo") return playStep({ kind: "text", text: lastUserText(request) }, callId);
      if (typeof source === "function") return playStep(source(request), callId);
      const steps = source === "scenario" ? context.script : source;
      const index = source === "scenario" ? position : listCursor++;
      const step = steps[index];
      if (step === undefined) {
        return {
          ok: false,
          error: {
            kind: "script",
            retryable: false,
            message:
              `script exhausted: scenario "${context.scenarioId}" turn ${context.turnIndex + 1} ` +
              `asked for model call ${index + 1} but its script has ${steps.length} step${steps.length === 1 ? "" : "s"}; ` +
              "add a step (for example `- text: ...`) to that turn's script",
          },
        };
      }
      return playStep(step, callId);
    },
  };
}
