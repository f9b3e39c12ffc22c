import { spawn } from "node:child_process";
import { mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const PROJECT_ROOT = resolve(import.meta.dirname, "../..");
export const BIN = join(PROJECT_ROOT, "dist/src/cli/bin.js");

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
  /** Send SIGINT after this many ms. */
  interruptAfterMs?: number;
}

/** Runs the real compiled CLI as `node dist/src/cli/bin.js` in a child process. */
export function runCliProcess(args: readonly string[], options: CliOptions): Promise<CliResult> {
  return new Promise((resolvePromise) => {
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...process.env, ...options.env })) {
      if (value !== undefined) env[key] = value;
    }
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    if (options.interruptAfterMs !== undefined) {
      setTimeout(() => child.kill("SIGINT"), options.interruptAfterMs);
    }
    child.on("close", (code) => resolvePromise({ code, stdout, stderr }));
  });
}

export function makeTempDir(prefix = "claw-eval-e2e-"): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)));
}
