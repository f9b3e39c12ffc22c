// Guards against a queue mode that loses a message: every message that reaches a busy session settles and is run (its text reaches a model request), collected, steered, or dropped with a queue event; and against two runs of one session overlapping.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertAsyncProperty } from "../support/assert-property.js";
import { describeCase, playQueueCase, queueCaseArbitrary } from "./play-queue-case.js";

describe("queue modes conserve messages (property)", () => {
  it("settles every message and gives it a fate: run, collected, steered, or dropped with an event", async () => {
    await assertAsyncProperty(
      fc.asyncProperty(queueCaseArbitrary, async (queueCase) => {
        const run = await playQueueCase(queueCase);
        const context = describeCase(queueCase, run);
        expect(
          run.outcomes.filter((outcome) => outcome !== undefined),
          context,
        ).toHaveLength(queueCase.messages.length);
        for (const [index, reached] of run.reachedModel.entries()) {
          const actions = run.actions[index] ?? [];
          const fated =
            reached || actions.some((action) => ["collected", "steered", "dropped", "summarized"].includes(action));
          expect(fated, `message ${index} of ${context}`).toBe(true);
          // A message dropped from the queue before it ran never reaches the model (steer-backlog steered it first).
          if (actions.includes("dropped") && !actions.includes("steered")) {
            expect(reached, `dropped message ${index} of ${context}`).toBe(false);
          }
          // Only a busy session queues: the first message always runs at once.
          if (index === 0) expect(actions, context).toEqual([]);
        }
        // One run at a time in the session.
        let open = 0;
        for (const event of run.events) {
          if (event.sessionKey !== "agent:main:main") continue;
          if (event.type === "agent_start") open++;
          if (event.type === "agent_end") open--;
          expect(open, context).toBeLessThanOrEqual(1);
        }
        expect(open, context).toBe(0);
      }),
      { numRuns: 80 },
    );
  });
});
