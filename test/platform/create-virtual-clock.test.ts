import { describe, expect, it } from "vitest";
import { createVirtualClock } from "../../src/platform/create-virtual-clock.js";

describe("createVirtualClock", () => {
  it("wakes sleepers in due-time order and moves time to each due time", async () => {
    const clock = createVirtualClock(1_000);
    const woken: [string, number][] = [];
    await Promise.all([
      clock.sleep(300_000).then(() => woken.push(["timeout", clock.now()])),
      clock.sleep(500).then(() => woken.push(["retry", clock.now()])),
      clock.sleep(500).then(() => woken.push(["retry-2", clock.now()])),
    ]);
    expect(woken).toEqual([
      ["retry", 1_500],
      ["retry-2", 1_500],
      ["timeout", 301_000],
    ]);
  });

  it("lets work that needs no timer finish before a pending timeout fires", async () => {
    const clock = createVirtualClock(0);
    const work = (async () => {
      for (let step = 0; step < 100; step++) await Promise.resolve();
      return "done";
    })();
    const timeout = clock.sleep(10_000).then(() => "timeout");
    expect(await Promise.race([work, timeout])).toBe("done");
  });

  it("fires the timeout when the other side never settles", async () => {
    const clock = createVirtualClock(0);
    const never = new Promise<string>(() => {});
    expect(await Promise.race([never, clock.sleep(300_000).then(() => "timeout")])).toBe("timeout");
    expect(clock.now()).toBe(300_000);
  });

  it("resolves an aborted sleep without moving time, and advanceTo wakes due timers", async () => {
    const clock = createVirtualClock(0);
    const controller = new AbortController();
    const aborted = clock.sleep(60_000, controller.signal);
    controller.abort();
    await aborted;
    expect(clock.now()).toBe(0);
    const due = clock.sleep(1_000);
    clock.advanceTo(5_000);
    await due;
    expect(clock.now()).toBe(5_000);
    clock.advanceTo(10);
    expect(clock.now()).toBe(5_000);
  });
});
