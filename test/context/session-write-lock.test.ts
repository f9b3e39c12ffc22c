import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acquireSessionWriteLock, maxHoldMs } from "../../src/context/session-write-lock.js";
import { createTestRuntime, TEST_PROCESS_ID } from "../../src/platform/create-test-runtime.js";

const START = Date.parse("2026-03-11T09:00:00Z");

function setup(options: { alivePids?: number[] } = {}) {
  const runtime = createTestRuntime({ now: START, ...options });
  const sessionFile = join(runtime.root, "sessions", "s1.jsonl");
  return { runtime, sessionFile, lockFile: `${sessionFile}.lock` };
}

function writeLock(path: string, payload: unknown) {
  writeFileSync(path, typeof payload === "string" ? payload : JSON.stringify(payload));
}

describe("acquireSessionWriteLock", () => {
  it("creates <sessionFile>.lock with { pid, createdAt } and removes it on release", async () => {
    const { runtime, sessionFile, lockFile } = setup();
    const lock = await acquireSessionWriteLock({ runtime, sessionFile });
    expect(lock.ok).toBe(true);
    expect(JSON.parse(readFileSync(lockFile, "utf8"))).toEqual({
      pid: TEST_PROCESS_ID,
      createdAt: "2026-03-11T09:00:00.000Z",
    });
    if (lock.ok) await lock.release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it("times out after 10 s on a live lock, on virtual time, and leaves the lock alone", async () => {
    const { runtime, sessionFile, lockFile } = setup({ alivePids: [77] });
    const first = await acquireSessionWriteLock({ runtime, sessionFile });
    writeLock(lockFile, { pid: 77, createdAt: "2026-03-11T09:00:00.000Z" });
    const second = await acquireSessionWriteLock({ runtime, sessionFile });
    expect(second).toEqual({
      ok: false,
      error:
        `session is locked: ${lockFile} is held by process 77 since 2026-03-11T09:00:00.000Z (waited 10000 ms). ` +
        `Wait for that run to finish; if no run uses this session, delete ${lockFile} and retry.`,
    });
    expect(runtime.now() - START).toBe(10_000);
    expect(JSON.parse(readFileSync(lockFile, "utf8")).pid).toBe(77);
    if (first.ok) await first.release();
    expect(existsSync(lockFile)).toBe(true);
  });

  it("waits out a second writer in the same process until the timeout", async () => {
    const { runtime, sessionFile } = setup();
    const first = await acquireSessionWriteLock({ runtime, sessionFile });
    const second = await acquireSessionWriteLock({ runtime, sessionFile, timeoutMs: 500, retryMs: 200 });
    expect(second.ok).toBe(false);
    expect(runtime.now() - START).toBe(500);
    if (first.ok) await first.release();
    expect((await acquireSessionWriteLock({ runtime, sessionFile })).ok).toBe(true);
  });

  it("reclaims a lock older than 30 minutes even when its pid is alive", async () => {
    const { runtime, sessionFile, lockFile } = setup({ alivePids: [77] });
    await runtime.fs.writeText(lockFile, JSON.stringify({ pid: 77, createdAt: "2026-03-11T08:29:59.999Z" }));
    const lock = await acquireSessionWriteLock({ runtime, sessionFile });
    expect(lock.ok).toBe(true);
    expect(JSON.parse(readFileSync(lockFile, "utf8")).pid).toBe(TEST_PROCESS_ID);
    expect(runtime.now()).toBe(START);
  });

  it("keeps a lock exactly 30 minutes old, and reclaims it once waiting makes it older", async () => {
    const { runtime, sessionFile, lockFile } = setup({ alivePids: [77] });
    await runtime.fs.writeText(lockFile, JSON.stringify({ pid: 77, createdAt: "2026-03-11T08:30:00.000Z" }));
    expect((await acquireSessionWriteLock({ runtime, sessionFile, timeoutMs: 0 })).ok).toBe(false);
    expect((await acquireSessionWriteLock({ runtime, sessionFile, retryMs: 1 })).ok).toBe(true);
    expect(runtime.now() - START).toBe(1);
  });

  it("reclaims a fresh lock whose pid is dead", async () => {
    const { runtime, sessionFile, lockFile } = setup();
    await runtime.fs.writeText(lockFile, JSON.stringify({ pid: 78, createdAt: "2026-03-11T09:00:00.000Z" }));
    const lock = await acquireSessionWriteLock({ runtime, sessionFile });
    expect(lock.ok).toBe(true);
    expect(JSON.parse(readFileSync(lockFile, "utf8")).pid).toBe(TEST_PROCESS_ID);
  });

  it.each(["", "{not json", JSON.stringify({ pid: "x" }), JSON.stringify({ pid: 77, createdAt: "yesterday" })])(
    "treats a corrupt lock file as stale: %j",
    async (text) => {
      const { runtime, sessionFile, lockFile } = setup({ alivePids: [77] });
      await runtime.fs.writeText(lockFile, text);
      expect((await acquireSessionWriteLock({ runtime, sessionFile })).ok).toBe(true);
    },
  );

  it("does not remove a lock someone else reclaimed after release", async () => {
    const { runtime, sessionFile, lockFile } = setup({ alivePids: [77] });
    const lock = await acquireSessionWriteLock({ runtime, sessionFile });
    writeLock(lockFile, { pid: 77, createdAt: "2026-03-11T09:00:00.000Z" });
    if (lock.ok) await lock.release();
    expect(JSON.parse(readFileSync(lockFile, "utf8")).pid).toBe(77);
  });

  it("returns an error naming the lock file when it cannot be created", async () => {
    const { runtime } = setup();
    writeFileSync(join(runtime.root, "file"), "");
    const sessionFile = join(runtime.root, "file", "s1.jsonl");
    const lock = await acquireSessionWriteLock({ runtime, sessionFile });
    expect(lock.ok).toBe(false);
    if (!lock.ok) expect(lock.error).toContain(`could not take the session lock ${sessionFile}.lock: `);
  });
});

describe("maxHoldMs", () => {
  it("is max(5 min, run timeout + 2 min): 12 min for 600 s, 5 min for 60 s", () => {
    expect(maxHoldMs(600_000)).toBe(720_000);
    expect(maxHoldMs(60_000)).toBe(300_000);
    expect(maxHoldMs(180_000)).toBe(300_000);
    expect(maxHoldMs(181_000)).toBe(301_000);
  });
});
