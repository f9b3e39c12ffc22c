import { Worker } from "node:worker_threads";

/**
 * The worker's whole program: removes the trees of each batch it is sent, one at a time, and
 * answers with one reply per tree: its id and, on failure, the error's message and code. A file, link or folder
 * tree; a missing path is fine; links are removed, never followed; iterative, so no depth can
 * overflow the stack. Written as source text because a worker started from a module file would
 * need that file next to the compiled code and the test sources alike.
 */
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { lstatSync, readdirSync, rmdirSync, unlinkSync } = require("node:fs");
const { join } = require("node:path");
function isMissing(error) {
  return error.code === "ENOENT" || error.code === "ENOTDIR";
}
function removeTree(root) {
  let stats;
  try {
    stats = lstatSync(root);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  if (!stats.isDirectory()) {
    unlinkSync(root);
    return;
  }
  const folders = [root];
  for (let index = 0; index < folders.length; index += 1) {
    const folder = folders[index];
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) folders.push(path);
      else unlinkSync(path);
    }
  }
  for (let index = folders.length - 1; index >= 0; index -= 1) rmdirSync(folders[index]);
}
parentPort.on("message", (batch) => {
  const replies = batch.map(({ id, path }) => {
    try {
      removeTree(path);
      return { id };
    } catch (error) {
      return { id, message: String(error && error.message), code: error && error.code };
    }
  });
  parentPort.postMessage(replies);
});
`;

interface RemovalReply {
  id: number;
  message?: string;
  code?: string;
}

/**
 * Removes file trees on a worker thread, so the syscalls of removing a unit's temp folders
 * (about a millisecond of main-thread time each) run beside the next unit instead of before it.
 * Removals asked for while a batch is in flight travel together in the next message.
 * The worker starts on the first removal, keeps the process alive only while a removal is
 * pending, and dies with the process. A failed removal rejects with the worker's message and
 * code.
 */
export function createTreeRemover(): (path: string) => Promise<void> {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  // One batch in flight at a time: removals asked for meanwhile wait and go together when it
  // comes back. Waking the worker costs about as much as removing a small tree, so a unit's
  // workspace, HOME and stub folder never travel alone, nor do the folders of units that ended
  // while the worker was busy.
  let batch: { id: number; path: string }[] = [];
  let inFlight = false;
  let scheduled = false;

  const settle = (replies: RemovalReply[]): void => {
    inFlight = false;
    for (const reply of replies) settleOne(reply);
    if (batch.length > 0 && !scheduled) send();
  };

  const settleOne = (reply: RemovalReply): void => {
    const waiter = pending.get(reply.id);
    if (waiter === undefined) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker?.unref();
    if (reply.message === undefined) {
      waiter.resolve();
      return;
    }
    const error = new Error(reply.message) as Error & { code?: string };
    if (reply.code !== undefined) error.code = reply.code;
    waiter.reject(error);
  };

  const failAll = (error: Error): void => {
    worker = undefined;
    inFlight = false;
    batch = [];
    const waiters = [...pending.values()];
    pending.clear();
    for (const waiter of waiters) waiter.reject(error);
  };

  const start = (): Worker => {
    const started = new Worker(WORKER_SOURCE, { eval: true });
    started.on("message", settle);
    started.on("error", failAll);
    started.on("exit", (code) => {
      if (worker === started) failAll(new Error(`the temp-folder remover stopped (exit code ${code})`));
    });
    return started;
  };

  const send = (): void => {
    scheduled = false;
    if (inFlight || batch.length === 0) return;
    const sent = batch;
    batch = [];
    inFlight = true;
    worker ??= start();
    worker.ref();
    worker.postMessage(sent);
  };

  return (path) =>
    new Promise<void>((resolve, reject) => {
      nextId += 1;
      pending.set(nextId, { resolve, reject });
      batch.push({ id: nextId, path });
      if (!inFlight && !scheduled) {
        scheduled = true;
        queueMicrotask(send);
      }
    });
}
