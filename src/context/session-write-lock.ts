import { errorMessage, type Runtime } from "../domain/index.js";

/** How long a writer waits for a held lock, ms (context.md §1.3). */
export const SESSION_LOCK_TIMEOUT_MS = 10_000;
/** A lock older than this is reclaimed, ms (context.md §1.3). */
export const SESSION_LOCK_STALE_MS = 30 * 60_000;
/** Pause between attempts on a held lock, ms. */
export const SESSION_LOCK_RETRY_MS = 100;

/**
 * The longest a holder keeps the lock, ms: max(5 min, run timeout + 2 min) (context.md §1.3);
 * 12 min for the default 600 s run timeout. The caller releases it after that with a warning.
 */
export function maxHoldMs(runTimeoutMs: number): number {
  return Math.max(5 * 60_000, runTimeoutMs + 2 * 60_000);
}

export interface AcquireSessionWriteLockOptions {
  runtime: Runtime;
  /** The session transcript; the lock is `<sessionFile>.lock`. */
  sessionFile: string;
  /** Default {@link SESSION_LOCK_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Default {@link SESSION_LOCK_STALE_MS}. */
  staleMs?: number;
  /** Default {@link SESSION_LOCK_RETRY_MS}; at least 1. */
  retryMs?: number;
}

export type SessionWriteLock = { ok: true; release(): Promise<void> } | { ok: false; error: string };

interface LockHolder {
  text: string;
  pid?: number;
  createdAt?: string;
}

async function readHolder(runtime: Runtime, lockFile: string): Promise<LockHolder | undefined> {
  let text: string;
  try {
    text = await runtime.fs.readText(lockFile);
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const value = JSON.parse(text) as { pid?: unknown; createdAt?: unknown };
    const pid = Number.isInteger(value.pid) ? (value.pid as number) : undefined;
    const createdAt = typeof value.createdAt === "string" ? value.createdAt : undefined;
    return { text, ...(pid === undefined ? {} : { pid }), ...(createdAt === undefined ? {} : { createdAt }) };
  } catch {
    return { text };
  }
}

function isStale(holder: LockHolder, runtime: Runtime, staleMs: number): boolean {
  if (holder.pid === undefined || holder.createdAt === undefined) return true;
  const created = Date.parse(holder.createdAt);
  if (Number.isNaN(created) || runtime.now() - created > staleMs) return true;
  return !runtime.isProcessAlive(holder.pid);
}

function heldError(lockFile: string, holder: LockHolder | undefined, waitedMs: number): string {
  const by =
    holder?.pid === undefined
      ? "is held by another writer"
      : `is held by process ${holder.pid} since ${holder.createdAt}`;
  return (
    `session is locked: ${lockFile} ${by} (waited ${waitedMs} ms). ` +
    `Wait for that run to finish; if no run uses this session, delete ${lockFile} and retry.`
  );
}

/**
 * Takes `<sessionFile>.lock` (context.md §1.3): exclusive create with `{ pid, createdAt }`,
 * retrying with `runtime.sleep` until `timeoutMs`; a lock older than `staleMs`, held by a dead
 * pid or unreadable is reclaimed. `release` removes the file only while it still holds this
 * lock's payload, and may be called more than once. Never throws: failures are `{ ok: false }`
 * with an error naming the lock file and what to do.
 */
export async function acquireSessionWriteLock(options: AcquireSessionWriteLockOptions): Promise<SessionWriteLock> {
  const { runtime } = options;
  const lockFile = `${options.sessionFile}.lock`;
  const timeoutMs = options.timeoutMs ?? SESSION_LOCK_TIMEOUT_MS;
  const staleMs = options.staleMs ?? SESSION_LOCK_STALE_MS;
  const retryMs = Math.max(1, options.retryMs ?? SESSION_LOCK_RETRY_MS);
  const started = runtime.now();
  let waited = 0;
  // Real clocks can lag requested sleeps and virtual ones stand still between them: count both.
  const elapsed = () => Math.max(runtime.now() - started, waited);
  let quickRetries = 0;
  try {
    for (;;) {
      const payload = JSON.stringify({ pid: runtime.processId, createdAt: new Date(runtime.now()).toISOString() });
      if (await tryCreate(runtime, lockFile, payload))
        return { ok: true, release: releaser(runtime, lockFile, payload) };
      const holder = await readHolder(runtime, lockFile);
      const live = holder !== undefined && !isStale(holder, runtime, staleMs);
      if (!live) {
        if (holder !== undefined && (await readHolder(runtime, lockFile))?.text === holder.text) {
          await runtime.fs.remove(lockFile);
        }
        // A lock that vanished or was reclaimed is retried at once, but not forever without a pause.
        quickRetries += 1;
        if (quickRetries <= 3) continue;
      }
      if (elapsed() >= timeoutMs) return { ok: false, error: heldError(lockFile, holder, elapsed()) };
      const pause = Math.min(retryMs, timeoutMs - elapsed());
      await runtime.sleep(pause);
      waited += pause;
      quickRetries = 0;
    }
  } catch (error) {
    return {
      ok: false,
      error: `could not take the session lock ${lockFile}: ${errorMessage(error)}. Check that its folder exists and is writable.`,
    };
  }
}

async function tryCreate(runtime: Runtime, lockFile: string, payload: string): Promise<boolean> {
  try {
    await runtime.fs.writeExclusive(lockFile, payload);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "EEXIST") return false;
    throw error;
  }
}

function releaser(runtime: Runtime, lockFile: string, payload: string): () => Promise<void> {
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    const holder = await readHolder(runtime, lockFile);
    if (holder?.text === payload) await runtime.fs.remove(lockFile);
  };
}
