import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

  it("keeps time still while file system work is in flight, so a timeout never cuts real I/O short", async () => {
    const folder = await mkdtemp(join(tmpdir(), "clock-"));
    try {
      const clock = createVirtualClock(0);
      const file = join(folder, "data.txt");
      const work = (async () => {
        for (let round = 0; round < 20; round++) {
          await writeFile(file, `round ${round}`);
          await readFile(file, "utf8");
        }
        return "done";
      })();
      const timeout = clock.sleep(1).then(() => "timeout");
      expect(await Promise.race([work, timeout])).toBe("done");
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("waits while the busy check says real work is in flight", async () => {
    let busy = true;
    const clock = createVirtualClock(0, { busy: () => busy });
    let fired = false;
    const sleeping = clock.sleep(10).then(() => {
      fired = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fired).toBe(false);
    busy = false;
    await sleeping;
    expect(fired).toBe(true);
  });

  it("wakes one sleeper per quiescent point: a woken activity's I/O finishes before the next wakes", async () => {
    const folder = await mkdtemp(join(tmpdir(), "clock-"));
    try {
      const clock = createVirtualClock(0);
      const log: string[] = [];
      const activity = async (name: string): Promise<void> => {
        await clock.sleep(100);
        log.push(`${name} woke`);
        await writeFile(join(folder, name), name);
        await readFile(join(folder, name), "utf8");
        log.push(`${name} wrote`);
      };
      await Promise.all([activity("a"), activity("b"), activity("c")]);
      expect(log).toEqual(["a woke", "a wrote", "b woke", "b wrote", "c woke", "c wrote"]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
