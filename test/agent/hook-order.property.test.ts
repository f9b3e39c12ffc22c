// Guards against hooks running out of descending-priority order, unstable order among equal priorities, and the void, modifying and sync runners disagreeing on order.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createHookRegistry, type HookNotice } from "../../src/agent/create-hook-registry.js";
import { assertAsyncProperty } from "../support/assert-property.js";

/** Registration index order of `priorities` sorted by descending priority, ties by index. */
function expectedOrder(priorities: readonly number[]): string[] {
  return priorities
    .map((priority, index) => ({ priority, index }))
    .sort((a, b) => b.priority - a.priority || a.index - b.index)
    .map(({ index }) => `p${index}`);
}

const priorities = fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 12 });

describe("hook handler order (property)", () => {
  it("handlers run in descending priority, equal priorities in registration order, for every kind", async () => {
    await assertAsyncProperty(
      fc.asyncProperty(priorities, async (list) => {
        const registry = createHookRegistry();
        const ran: Record<string, string[]> = { void: [], modifying: [], sync: [] };
        list.forEach((priority, index) => {
          const pluginId = `p${index}`;
          registry.on("llm_input", () => void ran.void?.push(pluginId), { pluginId, priority });
          registry.on("before_prompt_build", () => void ran.modifying?.push(pluginId), { pluginId, priority });
          registry.on("before_message_write", () => void ran.sync?.push(pluginId), { pluginId, priority });
        });
        const called: string[] = [];
        const report = (notice: HookNotice) => {
          if (notice.hook === "before_prompt_build") called.push(notice.pluginId);
        };
        const context = {};
        await registry.runVoid("llm_input", {
          event: {
            runId: "r",
            sessionId: "s",
            provider: "scripted",
            model: "",
            systemPrompt: "",
            prompt: "",
            historyMessages: [],
            imagesCount: 0,
          },
          context,
        });
        await registry.runModifying("before_prompt_build", { event: { prompt: "", messages: [] }, context, report });
        registry.runSync("before_message_write", { event: { message: { role: "user", content: "" } }, context });
        const expected = expectedOrder(list);
        expect(ran).toEqual({ void: expected, modifying: expected, sync: expected });
        expect(called).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
