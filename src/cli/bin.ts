#!/usr/bin/env node
import { handleStopSignals, type StopSignal } from "../platform/handle-stop-signals.js";
import { limitHeapGrowth } from "../platform/limit-heap-growth.js";
import { createNodeHost } from "../platform/node-host.js";
import { runCli } from "./create-program.js";

const STOP_NOTICES: Record<StopSignal, string> = {
  SIGINT: "Interrupt: finishing running units and writing results (Ctrl-C again to quit now)",
  SIGTERM: "SIGTERM: finishing running units and writing results (send it again, or Ctrl-C, to quit now)",
};

limitHeapGrowth();
const controller = new AbortController();
handleStopSignals((signal) => {
  process.stderr.write(`\n${STOP_NOTICES[signal]}\n`);
  controller.abort();
});

// A unit may wait on something that holds no handle (a promise that never settles); keep the
// process alive until the run has finished so an interrupt or timeout can still end it cleanly.
const keepAlive = setInterval(() => {}, 1 << 30);
const exitCode = await runCli(process.argv.slice(2), { host: createNodeHost(), signal: controller.signal });
clearInterval(keepAlive);
// Once the run is over nothing of it may keep the process alive: a hook module can leave a timer
// or socket behind (an 11-day setTimeout). Let stdout and stderr drain, then exit.
const drained = (stream: NodeJS.WriteStream): Promise<void> =>
  new Promise((resolve) => stream.write("", () => resolve()));
await Promise.all([drained(process.stdout), drained(process.stderr)]);
process.exit(exitCode);
