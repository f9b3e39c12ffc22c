// Guards against a virtual clock that wakes sleepers out of due-time order, wakes one before or after its due time, lets a timer fire while an activity is still working, or wakes the same random schedule in a different order on a second run (non-determinism).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createVirtualClock } from "../../src/platform/create-virtual-clock.js";
import { assertAsyncProperty } from "../support/assert-property.js";

/** One step of an activity: some promise ticks of plain work, then a sleep (or a wait on an `after` timer). */
interface Step {
  ticks: number;
  ms: number;
  timer: "sleep" | "after";
}

const stepArbitrary: fc.Arbitrary<Step> = fc.record({
  ticks: fc.integer({ min: 0, max: 6 }),
  ms: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 0, max: 5 }).map((n) => n * 1_000),
    fc.integer({ min: 0, max: 600_000 }),
  ),
  timer: fc.constantFrom("sleep", "after"),
});

/** Activities, each a list of steps; a nested activity may start after a step. */
const scheduleArbitrary = fc.array(
  fc.record({ steps: fc.array(stepArbitrary, { maxLength: 5 }), spawnAfter: fc.option(fc.nat({ max: 4 })) }),
  { minLength: 1, maxLength: 6 },
);

type Schedule = { steps: Step[]; spawnAfter: number | null }[];

interface Wake {
  label: string;
  at: number;
  due: number;
}

const START = 1_000_000;

/** Plays `schedule` on a fresh clock; returns every wake in the order it happened. */
async function simulate(schedule: Schedule): Promise<{ wakes: Wake[]; overlaps: number }> {
  const clock = createVirtualClock(START, { busy: () => false });
  const wakes: Wake[] = [];
  let working = 0;
  let overlaps = 0;
  const run = async (id: string, steps: readonly Step[], spawnAfter: number | null): Promise<void> => {
    let due = clock.now();
    const children: Promise<void>[] = [];
    for (const [index, step] of steps.entries()) {
      working++;
      for (let tick = 0; tick < step.ticks; tick++) await Promise.resolve();
      working--;
      due += step.ms;
      if (step.timer === "sleep") await clock.sleep(step.ms);
      else await clock.wait(clock.after(step.ms));
      // Only one activity works at a time between clock steps when nothing else is pending.
      if (working > 0) overlaps++;
      wakes.push({ label: `${id}.${index}`, at: clock.now(), due });
      if (spawnAfter === index) children.push(clock.activity(() => run(`${id}>`, steps.slice(0, 2), null)));
    }
    await clock.wait(Promise.all(children));
  };
  await Promise.all(
    schedule.map((activity, id) => clock.activity(() => run(String(id), activity.steps, activity.spawnAfter))),
  );
  return { wakes, overlaps };
}

describe("createVirtualClock (property)", () => {
  it("wakes every sleeper at its due time, in time order, and the same way on every run", async () => {
    await assertAsyncProperty(
      fc.asyncProperty(scheduleArbitrary, async (schedule) => {
        const first = await simulate(schedule);
        const second = await simulate(schedule);
        expect(second.wakes).toEqual(first.wakes);
        // No timer fired while an activity was still doing plain work.
        expect(first.overlaps).toBe(0);
        const expected = schedule.reduce(
          (count, activity) =>
            count +
            activity.steps.length +
            (activity.spawnAfter !== null && activity.spawnAfter < activity.steps.length
              ? Math.min(2, activity.steps.length)
              : 0),
          0,
        );
        expect(first.wakes).toHaveLength(expected);
        for (const [index, wake] of first.wakes.entries()) {
          expect(wake.at).toBe(wake.due);
          if (index > 0) expect(wake.at).toBeGreaterThanOrEqual((first.wakes[index - 1] as Wake).at);
        }
      }),
      { numRuns: 150 },
    );
  });
});
