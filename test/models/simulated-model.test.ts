import { describe, expect, it } from "vitest";
import type { ComplianceCategory, ModelRequest, ModelResponse, ScriptStep } from "../../src/domain/index.js";
import { createModel } from "../../src/models/create-model.js";
import { createSimulatedModel } from "../../src/models/simulated-model.js";
import { callContext } from "../support/scenario-turn.js";

const ALL = (rate: number) => ({ quiet: rate, alert: rate, "silent-expected": rate, "reply-expected": rate });

function request(
  category: ComplianceCategory | undefined,
  options: { script?: ScriptStep[]; unitId?: string; turnIndex?: number; input?: string } = {},
): ModelRequest {
  const input = options.input ?? "What is the capital of France?";
  return {
    systemPrompt: "sys",
    messages: [{ role: "user", content: input }],
    tools: [],
    context: callContext(options.script ?? [], {
      category,
      input,
      turnIndex: options.turnIndex ?? 0,
      unitId: options.unitId ?? "demo@simulated~1",
    }),
  };
}

function textOf(response: ModelResponse): string {
  if (!response.ok) return `error: ${response.error.message}`;
  return response.message.content.map((block) => (block.type === "text" ? block.text : `[${block.name}]`)).join("");
}

async function replies(rate: number): Promise<Record<ComplianceCategory, string>> {
  const model = createSimulatedModel({ id: "simulated:t", rates: ALL(rate) });
  const categories = ["quiet", "alert", "silent-expected", "reply-expected"] as const;
  const entries = await Promise.all(
    categories.map(async (category, turnIndex) => [
      category,
      textOf(await model.complete(request(category, { turnIndex }))),
    ]),
  );
  return Object.fromEntries(entries) as Record<ComplianceCategory, string>;
}

describe("simulated model", () => {
  it("always complies at rate 1 with each category's correct reply", async () => {
    const texts = await replies(1);
    expect(texts.quiet).toBe("HEARTBEAT_OK");
    expect(texts.alert).not.toContain("HEARTBEAT_OK");
    expect(texts.alert).toMatch(/^Alert/);
    expect(texts["silent-expected"]).toBe("NO_REPLY");
    expect(texts["reply-expected"]).toContain("What is the capital of France?");
  });

  it("always makes the category's typical mistake at rate 0", async () => {
    const texts = await replies(0);
    expect(texts.quiet).not.toContain("HEARTBEAT_OK");
    expect(texts.quiet).not.toBe("");
    expect(texts.alert).toBe("HEARTBEAT_OK");
    expect(texts["silent-expected"]).not.toContain("NO_REPLY");
    expect(texts["reply-expected"]).toBe("NO_REPLY");
  });

  it("plays the turn's script in order when complying, and for turns without a category", async () => {
    const script: ScriptStep[] = [
      { kind: "tool_calls", calls: [{ name: "read", input: { path: "HEARTBEAT.md" } }] },
      { kind: "text", text: "HEARTBEAT_OK" },
    ];
    const model = createSimulatedModel({ id: "simulated:t", rates: ALL(1) });
    const first = await model.complete(request("quiet", { script }));
    const second = await model.complete(request("quiet", { script }));
    expect([textOf(first), textOf(second)]).toEqual(["[read]", "HEARTBEAT_OK"]);
    const plain = await model.complete(request(undefined, { script: [{ kind: "text", text: "hi" }], turnIndex: 1 }));
    expect(textOf(plain)).toBe("hi");
    expect(model.requests).toHaveLength(3);
  });

  it("keeps a turn's decision across its model calls", async () => {
    const script: ScriptStep[] = [
      { kind: "tool_calls", calls: [{ name: "read", input: {} }] },
      { kind: "text", text: "NO_REPLY" },
    ];
    for (let unit = 0; unit < 40; unit++) {
      const model = createSimulatedModel({ id: "simulated:t", rates: ALL(0.5), seed: 9 });
      const unitId = `u${unit}`;
      const first = textOf(await model.complete(request("silent-expected", { script, unitId })));
      const second = textOf(await model.complete(request("silent-expected", { script, unitId })));
      if (first === "[read]") expect(second).toBe("NO_REPLY");
      else expect(second).toBe(first);
    }
  });

  it("complies at about the given rate over 400 units", async () => {
    let complied = 0;
    for (let unit = 0; unit < 400; unit++) {
      const model = createSimulatedModel({ id: "simulated:t", rates: ALL(0.7), seed: 1 });
      const text = textOf(await model.complete(request("quiet", { unitId: `scenario@simulated:t#r${unit}` })));
      if (text === "HEARTBEAT_OK") complied++;
    }
    expect(complied / 400).toBeGreaterThanOrEqual(0.62);
    expect(complied / 400).toBeLessThanOrEqual(0.78);
  });

  it("repeats its outputs for the same seed and differs between units", async () => {
    async function run(seed: number): Promise<string[]> {
      const outputs: string[] = [];
      for (let unit = 0; unit < 30; unit++) {
        const model = createSimulatedModel({ id: "simulated:t", rates: ALL(0.5), seed });
        for (let turnIndex = 0; turnIndex < 3; turnIndex++) {
          outputs.push(textOf(await model.complete(request("reply-expected", { unitId: `u${unit}`, turnIndex }))));
        }
      }
      return outputs;
    }
    const first = await run(4);
    expect(await run(4)).toEqual(first);
    expect(new Set(first).size).toBe(2);
    expect(await run(5)).not.toEqual(first);
  });

  it("is created by createModel from its id", async () => {
    const created = createModel("simulated:sloppy?ack=0&seed=2");
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.model.id).toBe("simulated:sloppy?ack=0&seed=2");
    expect(textOf(await created.model.complete(request("quiet")))).not.toContain("HEARTBEAT_OK");
    expect(createModel("simulated:x?ack=2")).toEqual({
      ok: false,
      error: 'invalid simulated model "simulated:x?ack=2": ack: expected a probability from 0 to 1, found "2"',
    });
  });
});
