#!/usr/bin/env node
import { createNodeHost } from "../platform/node-host.js";
import { runCli } from "./create-program.js";

const controller = new AbortController();
let interrupts = 0;
process.on("SIGINT", () => {
  interrupts += 1;
  if (interrupts > 1) process.exit(130);
  process.stderr.write("\nInterrupt: finishing running units and writing results (Ctrl-C again to quit now)\n");
  controller.abort();
});

// A unit may wait on something that holds no handle (a promise that never settles); keep the
// process alive until the run has finished so an interrupt or timeout can still end it cleanly.
const keepAlive = setInterval(() => {}, 1 << 30);
const exitCode = await runCli(process.argv.slice(2), { host: createNodeHost(), signal: controller.signal });
clearInterval(keepAlive);
process.exitCode = exitCode;
