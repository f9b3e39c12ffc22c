import { describe, expect, it } from "vitest";
import type { ModelCallContext, ModelRequest, ModelResponse, ScriptStep } from "../../src/domain/index.js";
import { createScriptedModel } from "../../src/models/scripted-model.js";
import { callContext } from "../support/scenario-turn.js";

function request(context: Partial<ModelCallContext>, signal?: AbortSignal): ModelRequest {
  return {
    systemPrompt: "sys",
    messages: [{ role: "user", content: "hello" }],
    tools: [],
    context: callContext([...(context.script ?? [])], context),
    ...(signal === undefined ? {} : { signal }),
  };
}

function textOf(response: ModelResponse): string | undefined {
  if (!response.ok) return `error: ${response.error.message}`;
  const [block] = response.message.content;
  return block?.type === "text" ? block.text : undefined;
}

const text = (value: string): ScriptStep => ({ kind: "text", text: value });
const script = [text("turn reply 1"), text("turn reply 2")];

describe("scripted model: call purposes", () => {
  it("answers compaction calls from the turn's summaries, never from its script", async () => {
    const model = createScriptedModel();
    const summaries = { scope: "turn" as const, steps: [text("summary A"), text("summary B")] };
    const answers = [
      await model.complete(request({ script, summaries, purpose: "compaction" })),
      await model.complete(request({ script, summaries })),
      await model.complete(request({ script, summaries, purpose: "compaction" })),
      await model.complete(request({ script, summaries, purpose: "turn" })),
    ].map(textOf);
    expect(answers).toEqual(["summary A", "turn reply 1", "summary B", "turn reply 2"]);
  });

  it("plays memory_flush calls from the turn's script, like turn calls", async () => {
    const model = createScriptedModel();
    const flush = await model.complete(request({ script, purpose: "memory_flush" }));
    const turn = await model.complete(request({ script }));
    expect([textOf(flush), textOf(turn)]).toEqual(["turn reply 1", "turn reply 2"]);
  });

  it("keeps one cursor per turn for turn-scoped summaries and one per unit for scenario-scoped ones", async () => {
    const model = createScriptedModel();
    const turnScoped = (turnIndex: number) =>
      request({ turnIndex, purpose: "compaction", summaries: { scope: "turn", steps: [text(`turn ${turnIndex}`)] } });
    const scenarioSteps = { scope: "scenario" as const, steps: [text("first"), text("second")] };
    const scenarioScoped = (turnIndex: number, unitId = "u1") =>
      request({ turnIndex, unitId, purpose: "compaction", summaries: scenarioSteps });
    const answers = [
      await model.complete(turnScoped(0)),
      await model.complete(turnScoped(1)),
      await model.complete(scenarioScoped(0)),
      await model.complete(scenarioScoped(3)),
      await model.complete(scenarioScoped(0, "u2")),
    ].map(textOf);
    expect(answers).toEqual(["turn 0", "turn 1", "first", "second", "first"]);
  });

  it("fails a compaction call with no summary step left, naming the scenario, turn and where to add one", async () => {
    const model = createScriptedModel();
    const summaries = { scope: "turn" as const, steps: [text("only")] };
    await model.complete(request({ turnIndex: 2, summaries, purpose: "compaction" }));
    expect(await model.complete(request({ turnIndex: 2, summaries, purpose: "compaction" }))).toEqual({
      ok: false,
      error: {
        kind: "script",
        retryable: false,
        message:
          'summaries exhausted: scenario "demo" turn 3 asked for compaction summary 2 but the turn\'s `summaries:` has 1 step; ' +
          "add a step (for example `- text: ...`) under `summaries:` at the turn or scenario level",
      },
    });
    const emptyScenarioList = { scope: "scenario" as const, steps: [] };
    const none = await model.complete(request({ script, summaries: emptyScenarioList, purpose: "compaction" }));
    const absent = await model.complete(request({ script, turnIndex: 5, purpose: "compaction" }));
    expect(!absent.ok && absent.error.message).toContain(
      "turn 6 asked for compaction summary 2 but the scenario has no",
    );
    expect(!none.ok && none.error.message).toBe(
      'summaries exhausted: scenario "demo" turn 1 asked for compaction summary 1 but the scenario has no `summaries:`; ' +
        "add a step (for example `- text: ...`) under `summaries:` at the turn or scenario level",
    );
  });

  it("counts the summary steps a compaction call has left without consuming any", async () => {
    const model = createScriptedModel();
    const context = callContext([], { summaries: { scope: "scenario", steps: [text("a"), text("b")] } });
    expect(model.remainingSummarySteps(context)).toBe(2);
    await model.complete(request({ ...context, purpose: "compaction" }));
    expect(model.remainingSummarySteps(context)).toBe(1);
    expect(model.remainingSummarySteps(callContext([]))).toBe(0);
  });

  it("plays a summary error step as an error result", async () => {
    const model = createScriptedModel();
    const summaries = { scope: "scenario" as const, steps: [{ kind: "error", status: 503, message: "busy" } as const] };
    expect(await model.complete(request({ summaries, purpose: "compaction" }))).toEqual({
      ok: false,
      error: { kind: "server", status: 503, message: "busy", retryable: true },
    });
  });
});

describe("scripted model: hang steps", () => {
  const hang: ScriptStep[] = [{ kind: "hang" }];

  it("answers nothing until the call is aborted, then answers aborted", async () => {
    const model = createScriptedModel();
    const controller = new AbortController();
    let settled: ModelResponse | undefined;
    const pending = model.complete(request({ script: hang }, controller.signal)).then((response) => {
      settled = response;
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBeUndefined();
    controller.abort();
    expect(await pending).toEqual({
      ok: false,
      error: { kind: "aborted", message: "aborted while a scripted `hang` step was waiting", retryable: false },
    });
  });

  it("answers aborted at once when the signal is already aborted, also as a summary step", async () => {
    const model = createScriptedModel();
    const summaries = { scope: "turn" as const, steps: hang };
    const response = await model.complete(request({ summaries, purpose: "compaction" }, AbortSignal.abort()));
    expect(!response.ok && response.error.kind).toBe("aborted");
  });

  it("fails with a script error instead of hanging forever when the call has no signal", async () => {
    const model = createScriptedModel();
    expect(await model.complete(request({ script: hang }))).toEqual({
      ok: false,
      error: {
        kind: "script",
        retryable: false,
        message:
          'a `hang` step of scenario "demo" turn 1 was played by a call that cannot be aborted (no abort signal); ' +
          "use `hang` only where a timeout or interrupt aborts the call",
      },
    });
  });
});
