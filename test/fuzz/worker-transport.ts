import { type ChildProcess, fork } from "node:child_process";
import { join } from "node:path";
import { CHILD_HEAP_MB, childEnv, type Transport, type TransportResult } from "./fuzz-transport.js";
import type { WorkerReply, WorkerRequest } from "./fuzz-worker.js";

/** Inputs a worker serves before it is replaced, so module caches of generated hooks stay small. */
const WORKER_LIFETIME = 250;
const WORKER_START_MS = 120_000;

/**
 * `runCli` from the sources in a long-lived child process (test/fuzz/fuzz-worker.ts under tsx):
 * no start-up per input, yet an input that hangs or crashes only costs a new worker.
 */
export function createWorkerTransport(): Transport {
  let worker: { child: ChildProcess; ready: Promise<void>; output: string; served: number } | undefined;
  let nextId = 0;
  const stop = (): void => {
    worker?.child.kill("SIGKILL");
    worker = undefined;
  };
  const start = (): NonNullable<typeof worker> => {
    const child = fork(join(import.meta.dirname, "fuzz-worker.ts"), [], {
      execArgv: ["--import", "tsx", `--max-old-space-size=${CHILD_HEAP_MB}`],
      env: childEnv(),
      stdio: ["ignore", "pipe", "pipe", "ipc"],
      serialization: "advanced",
    });
    const started: NonNullable<typeof worker> = {
      child,
      output: "",
      served: 0,
      ready: new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("the fuzz worker did not start")), WORKER_START_MS);
        child.once("message", () => {
          clearTimeout(timer);
          resolve();
        });
        child.once("exit", (code) => {
          clearTimeout(timer);
          reject(new Error(`the fuzz worker exited while starting (${code}): ${started.output}`));
        });
      }),
    };
    // A worker that dies between inputs is replaced by the next run.
    child.once("exit", () => {
      if (worker?.child === child) worker = undefined;
    });
    const keep = (chunk: Buffer): void => {
      started.output += chunk.toString("utf8");
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    return started;
  };
  return {
    name: "in-process",
    async run(request) {
      if (worker !== undefined && worker.served >= WORKER_LIFETIME) stop();
      worker ??= start();
      const current = worker;
      await current.ready;
      current.served += 1;
      current.output = "";
      const id = nextId++;
      const message: WorkerRequest = { id, cwd: request.cwd, argv: [...request.argv], env: request.env };
      const result = await new Promise<TransportResult>((resolve) => {
        const done = (value: TransportResult): void => {
          clearTimeout(timer);
          current.child.off("message", onMessage);
          current.child.off("exit", onExit);
          resolve(value);
        };
        const onMessage = (reply: WorkerReply): void => {
          if (reply.id !== id) return;
          done({ code: reply.code, stdout: reply.stdout, stderr: reply.stderr + current.output, hung: false });
        };
        const onExit = (code: number | null, signal: string | null): void => {
          const crash = signal === null ? `the worker exited with code ${code}` : `the worker was killed by ${signal}`;
          done({ code: null, stdout: "", stderr: current.output, hung: false, crash });
        };
        const timer = setTimeout(
          () => done({ code: null, stdout: "", stderr: current.output, hung: true }),
          request.deadlineMs,
        );
        current.child.on("message", onMessage);
        current.child.on("exit", onExit);
        current.child.send(message);
      });
      if (result.code === null) stop();
      return result;
    },
    close: stop,
  };
}
