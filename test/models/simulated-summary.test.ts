import { describe, expect, it } from "vitest";
import type { ModelCallContext, ModelRequest, ModelResponse, ScriptStep } from "../../src/domain/index.js";
import { createModel } from "../../src/models/create-model.js";
import { createSimulatedModel } from "../../src/models/simulated-model.js";
import { extractIdentifiers, summaryContainsIdentifier } from "../../src/platform/extract-identifiers.js";
import { callContext } from "../support/scenario-turn.js";

const ALL_ONE = { quiet: 1, alert: 1, "silent-expected": 1, "reply-expected": 1 };

const WORKED_EXAMPLE =
  'Deploy 3f9a2c1 to https://api.example.com/v2/orders?id=42. Config at\nconfig/prod.yaml, run 550e8400-e29b-41d4-a716-446655440000, timeout 30 s, strategy "blue-green",\nstock 3斤.';

function summaryRequest(conversation: string, context: Partial<ModelCallContext> = {}): ModelRequest {
  return {
    systemPrompt: "You summarise conversations.",
    messages: [
      {
        role: "user",
        content: `<conversation>\n${conversation}\n</conversation>\n\nUse the five headings.\n\nAdditional focus: keep identifiers.`,
      },
    ],
    tools: [],
    context: callContext([], { purpose: "compaction", ...context }),
  };
}

function textOf(response: ModelResponse): string {
  if (!response.ok) return `error: ${response.error.kind} ${response.error.message}`;
  const [block] = response.message.content;
  return block?.type === "text" ? block.text : "";
}

function simulated(options: { keepIds?: number; failSummary?: number; seed?: number } = {}) {
  return createSimulatedModel({ id: "simulated:sum", rates: ALL_ONE, ...options });
}

const conversation = `[User]: ${WORKED_EXAMPLE}\n\n[Assistant]: Deploying now.`;

describe("simulated model: compaction summaries", () => {
  it("answers the five headings with every identifier of the conversation at keepIds=1", async () => {
    const summary = textOf(await simulated().complete(summaryRequest(conversation)));
    expect(summary).toBe(
      [
        "## Decisions\n- Simulated summary of 2 conversation parts.",
        "## Open TODOs\nNone.",
        "## Constraints/Rules\nNone.",
        "## Pending user asks\n- Deploy … to …. Config at …, run …, timeout …, strategy …, stock ….",
        [
          "## Exact identifiers",
          "- 3f9a2c1",
          "- https://api.example.com/v2/orders?id=42",
          "- config/prod.yaml",
          "- 550e8400-e29b-41d4-a716-446655440000",
          "- 30 s",
          '- "blue-green"',
          "- 3斤",
        ].join("\n"),
      ].join("\n\n"),
    );
  });

  it("keeps no identifier at keepIds=0, not even through the quoted ask", async () => {
    const summary = textOf(await simulated({ keepIds: 0 }).complete(summaryRequest(conversation)));
    expect(summary).toContain("## Exact identifiers\nNone captured.");
    const kept = extractIdentifiers(WORKED_EXAMPLE).filter((identifier) =>
      summaryContainsIdentifier(summary, identifier),
    );
    expect(kept).toEqual([]);
  });

  it("repeats its choices for the same seed, unit, turn and call, and varies them otherwise", async () => {
    const files = Array.from({ length: 40 }, (_, index) => `file${index}.md`).join(" ");
    const ask = `[User]: Compare ${files}`;
    const run = async (seed: number, unitId = "u1") => {
      const model = simulated({ keepIds: 0.5, seed });
      const first = textOf(await model.complete(summaryRequest(ask, { unitId })));
      const second = textOf(await model.complete(summaryRequest(ask, { unitId })));
      return [first, second];
    };
    const [first, second] = await run(3);
    expect(await run(3)).toEqual([first, second]);
    expect(second).not.toBe(first);
    expect(await run(4)).not.toEqual([first, second]);
    expect(await run(3, "u2")).not.toEqual([first, second]);
    const keptLines = (first ?? "").split("## Exact identifiers\n")[1]?.split("\n") ?? [];
    expect(keptLines.length).toBeGreaterThan(5);
    expect(keptLines.length).toBeLessThan(35);
  });

  it("fails with a retryable server error with probability failSummary", async () => {
    expect(await simulated({ failSummary: 1 }).complete(summaryRequest(conversation))).toEqual({
      ok: false,
      error: { kind: "server", status: 500, message: "simulated summariser failure (failSummary=1)", retryable: true },
    });
    const outcomes = async () => {
      const model = simulated({ failSummary: 0.5, seed: 7 });
      const results: boolean[] = [];
      for (let call = 0; call < 30; call++) results.push((await model.complete(summaryRequest(conversation))).ok);
      return results;
    };
    const first = await outcomes();
    expect(first).toContain(true);
    expect(first).toContain(false);
    expect(await outcomes()).toEqual(first);
  });

  it("plays scripted summary steps first, then generates", async () => {
    const model = simulated();
    const summaries = { scope: "scenario" as const, steps: [{ kind: "text" as const, text: "scripted summary" }] };
    const first = await model.complete(summaryRequest(conversation, { summaries }));
    const second = await model.complete(summaryRequest(conversation, { summaries }));
    expect(textOf(first)).toBe("scripted summary");
    expect(textOf(second)).toMatch(/^## Decisions\n/);
  });

  it("reads keepIds, failSummary and seed from its id", async () => {
    const created = createModel("simulated:sum?keepIds=0&failSummary=0&seed=3");
    if (!created.ok) throw new Error(created.error);
    expect(created.model.contextWindow).toBeUndefined();
    expect(textOf(await created.model.complete(summaryRequest(conversation)))).toContain("None captured.");
  });
});

describe("simulated model: memory flush calls", () => {
  it("answers NO_REPLY without a script and plays the script when there is one", async () => {
    const model = simulated();
    const flush = (script: ScriptStep[]) => ({
      ...summaryRequest(""),
      context: callContext(script, { purpose: "memory_flush", category: "reply-expected" }),
    });
    expect(textOf(await model.complete(flush([])))).toBe("NO_REPLY");
    expect(textOf(await model.complete(flush([{ kind: "text", text: "stored" }])))).toBe("stored");
  });
});
