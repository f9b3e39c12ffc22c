import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadScenarios } from "../../src/scenarios/load-scenarios.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

const FAMILY = { chat: "group", channel: "whatsapp", id: "chen-family", owner: false } as const;

async function load(path: string) {
  const result = await loadScenarios({ paths: [path], cwd: root });
  expect(result.diagnostics).toEqual([]);
  return result.scenarios;
}

describe("the shipped group compliance scenarios", () => {
  it("send every banter and direct-question case from a family member in the WhatsApp group", async () => {
    for (const path of ["scenarios/compliance/group-banter.yaml", "scenarios/compliance/group-direct-question.yaml"]) {
      const scenarios = await load(path);
      expect(scenarios.length).toBeGreaterThan(4);
      for (const scenario of scenarios) {
        const [turn] = scenario.turns;
        expect(turn?.origin).toEqual({ ...FAMILY, sender: expect.any(String) });
        // The sender is data, not part of the message text.
        expect(turn?.text.startsWith(`${turn?.origin.sender}:`)).toBe(false);
      }
    }
  });

  it("play the thread as Mom, Dad and Uncle Wei, with the group's tool policy", async () => {
    const [thread] = await load("scenarios/compliance/group-thread.yaml");
    expect(thread?.turns.map((turn) => turn.origin)).toEqual(
      ["Mom", "Dad", "Uncle Wei"].map((sender) => ({ ...FAMILY, sender })),
    );
    expect(thread?.config).toMatchObject({
      channels: { whatsapp: { groups: { "chen-family": { tools: { deny: ["write", "edit"] } } } } },
    });
  });
});
