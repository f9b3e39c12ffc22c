import { spawn } from "node:child_process";
import type { ExecOutcome, ExecRequest } from "../domain/index.js";
import { createOutputCapture } from "./capture-output.js";

/** Runs a command with `/bin/sh -c` in `cwd` with exactly `env`; never throws. */
export function runShellCommand(request: ExecRequest): Promise<ExecOutcome> {
  return new Promise((resolve) => {
    const stdout = createOutputCapture();
    const stderr = createOutputCapture();
    let timedOut = false;
    const child = spawn("/bin/sh", ["-c", request.command], {
      cwd: request.cwd,
      env: { ...request.env },
      stdio: ["ignore", "pipe", "pipe"],
      signal: request.signal,
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, request.timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => {
      stdout.add(chunk.toString("utf8"));
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr.add(chunk.toString("utf8"));
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ exitCode: null, stdout: stdout.text(), stderr: stderr.text() + error.message, timedOut });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ exitCode: code, stdout: stdout.text(), stderr: stderr.text(), timedOut });
    });
  });
}
