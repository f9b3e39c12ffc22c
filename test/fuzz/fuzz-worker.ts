import { runCli } from "../../src/cli/create-program.js";
import { createTestHost } from "../../src/platform/create-test-host.js";

/**
 * The in-process side of the fuzzer: a child process (started by `WorkerTransport` with tsx)
 * that runs the CLI's `runCli` from the sources, over a captured host, for each request it is
 * sent. A separate process so that an input that blocks the event loop can be killed at its
 * deadline without taking the test runner down.
 */

/** A request from the parent: one CLI invocation. */
export interface WorkerRequest {
  id: number;
  cwd: string;
  argv: string[];
  env: Record<string, string>;
}

/** The answer: what `runCli` returned and printed. */
export interface WorkerReply {
  id: number;
  code: number;
  stdout: string;
  stderr: string;
}

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  // As the binary would run: in the input folder, with its TMPDIR (os.tmpdir() reads it on every call).
  process.chdir(request.cwd);
  process.env.TMPDIR = request.env.TMPDIR;
  const host = createTestHost({ cwd: request.cwd, env: request.env });
  let code: number;
  try {
    code = await runCli(request.argv, { host, signal: new AbortController().signal });
  } catch (error) {
    // runCli promises never to throw; report it the way the binary would show an escaped error.
    host.output.stderr += `runCli threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`;
    code = 3;
  }
  return { id: request.id, code, stdout: host.output.stdout, stderr: host.output.stderr };
}

process.on("message", (request: WorkerRequest) => {
  void handle(request).then((reply) => process.send?.(reply));
});
process.send?.({ ready: true });
