import type { Model, ModelCallContext, ModelRequest, ModelResponse, ScriptStep, UserMessage } from "../domain/index.js";
import { playScriptStep } from "./play-script-step.js";
import { streamResponseText } from "./stream-response-text.js";

/** What the scripted model plays for a call: a step, or a function of the request. */
export type ScriptSource = "scenario" | "echo" | readonly ScriptStep[] | ((request: ModelRequest) => ScriptStep);

export interface ScriptedModelOptions {
  id?: string;
  /**
   * `scenario` (default) plays each turn's `script` (and `summaries` for compaction calls);
   * `echo` replies with the user's text; a list is played in order across all calls; a function
   * is asked per call.
   */
  source?: ScriptSource;
}

/** A scripted model records every request it received. */
export interface ScriptedModel extends Model {
  readonly requests: ModelRequest[];
  /**
   * How many of `context.summaries` steps a compaction call with this context has left to play
   * (0 without `summaries`). Pure: asking consumes nothing.
   */
  remainingSummarySteps(context: ModelCallContext): number;
}

function lastUserText(request: ModelRequest): string {
  for (let index = request.messages.length - 1; index >= 0; index--) {
    const message = request.messages[index];
    if (message?.role === "user") return (message as UserMessage).content;
  }
  return "";
}

function where(context: ModelCallContext): string {
  return `scenario "${context.scenarioId}" turn ${context.turnIndex + 1}`;
}

/** `turn` summaries advance per unit and turn, `scenario` summaries per unit across turns. */
function summaryKey(context: ModelCallContext): string {
  const scope = context.summaries?.scope ?? "scenario";
  return scope === "turn"
    ? `summary\u0000${context.unitId}\u0000${context.turnIndex}`
    : `summary\u0000${context.unitId}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

function scriptError(message: string): ModelResponse {
  return { ok: false, error: { kind: "script", retryable: false, message } };
}

function summariesExhausted(context: ModelCallContext, index: number): ModelResponse {
  const summaries = context.summaries;
  const had =
    summaries === undefined || (summaries.scope === "scenario" && summaries.steps.length === 0)
      ? "the scenario has no `summaries:`"
      : `${summaries.scope === "turn" ? "the turn's" : "the scenario's"} \`summaries:\` has ${plural(summaries.steps.length, "step")}`;
  return scriptError(
    `summaries exhausted: ${where(context)} asked for compaction summary ${index + 1} but ${had}; ` +
      "add a step (for example `- text: ...`) under `summaries:` at the turn or scenario level",
  );
}

/**
 * The built-in deterministic model. In `scenario` mode the steps of a turn's script are
 * consumed in order across all of that turn's `turn` and `memory_flush` calls (the flush run is
 * an agent run of the turn, so it takes the next script steps), whichever session makes them (a
 * sub-agent's calls take the next steps); `compaction` calls never touch the script and play
 * `context.summaries` instead (per turn or across the unit, as its scope says). When the steps
 * run out the call fails with a `script` error naming the scenario, the turn and where to add a
 * step. A `hang` step answers only when the call is aborted (`aborted`). List, function and
 * echo sources answer every call alike, whatever its purpose. A request with `onTextDelta`
 * gets the reply's text streamed in the pieces of `splitTextDeltas` before the call resolves.
 */
export function createScriptedModel(options: ScriptedModelOptions = {}): ScriptedModel {
  const source = options.source ?? "scenario";
  const requests: ModelRequest[] = [];
  const cursors = new Map<string, number>();
  let listCursor = 0;
  const take = (key: string): number => {
    const position = cursors.get(key) ?? 0;
    cursors.set(key, position + 1);
    return position;
  };
  return {
    id: options.id ?? (source === "echo" ? "scripted:echo" : "scripted"),
    requests,
    remainingSummarySteps(context) {
      const steps = context.summaries?.steps.length ?? 0;
      return Math.max(0, steps - (cursors.get(summaryKey(context)) ?? 0));
    },
    async complete(request) {
      requests.push(request);
      const { context } = request;
      const play = async (step: ScriptStep, callId: (index: number) => string) =>
        streamResponseText(
          await playScriptStep({ step, callId, signal: request.signal, where: where(context) }),
          request,
        );
      if (source === "scenario" && context.purpose === "compaction") {
        const index = take(summaryKey(context));
        const step = context.summaries?.steps[index];
        if (step === undefined) return summariesExhausted(context, index);
        return play(step, (call) => `summary_${context.turnIndex + 1}_${index + 1}_${call + 1}`);
      }
      const position = take(`${context.unitId}\u0000${context.turnIndex}`);
      const callId = (index: number) => `call_${context.turnIndex + 1}_${position + 1}_${index + 1}`;
      if (source === "echo") return play({ kind: "text", text: lastUserText(request) }, callId);
      if (typeof source === "function") return play(source(request), callId);
      const steps = source === "scenario" ? context.script : source;
      const index = source === "scenario" ? position : listCursor++;
      const step = steps[index];
      if (step === undefined) {
        return scriptError(
          `script exhausted: ${where(context)} asked for model call ${index + 1} but its script has ` +
            `${plural(steps.length, "step")}; add a step (for example \`- text: ...\`) to that turn's script`,
        );
      }
      return play(step, callId);
    },
  };
}
