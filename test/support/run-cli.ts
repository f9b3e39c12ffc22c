import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { testProcessTag } from "../../src/platform/create-test-runtime.js";

export const PROJECT_ROOT = resolve(import.meta.dirname, "../..");
export const BIN = join(PROJECT_ROOT, "dist/src/cli/bin.js");

/**
 * Wall time allowed to one CLI child on a loaded 2-core CI machine. Unloaded, a child takes
 * 0.1 s (`--version`) to 3 s (the whole shipped suite at `--concurrency 1`); most of a short
 * command's time is Node loading the CLI's ~450 ES modules. At a load average of 10 on 2
 * cores the whole suite took 11 s, so this leaves about 3x over the worst seen.
 */
export const CLI_BUDGET_MS = 30_000;

/** A test's timeout in ms when it runs `children` CLI processes one after another. */
export function cliTimeout(children: number): number {
  return 10_000 + children * CLI_BUDGET_MS;
}

export interface CliOutput {
  stdout: string;
  stderr: string;
}

export interface CliResult extends CliOutput {
  /** Exit code; null when the child was killed by a signal (for example by `deadlineMs`). */
  code: number | null;
}

/** A signal {@link runCliProcess} sends to the child once `when` holds. */
export interface CliSignal {
  signal: NodeJS.Signals;
  when: (output: CliOutput) => boolean;
}

/** How often {@link CliOptions.signals} conditions are checked while the child prints nothing, ms. */
export const SIGNAL_POLL_MS = 50;

export interface CliOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
  /**
   * Sends SIGINT once, the first time this holds for the output received so far (checked on
   * every chunk of stdout or stderr). Wait for something the child prints, never for a time.
   */
  interruptWhen?: (output: CliOutput) => boolean;
  /**
   * Signals to send in order, each once, the first time its `when` holds after the one before was
   * sent. Checked on every chunk of output and every {@link SIGNAL_POLL_MS}, so a condition on
   * files (a command's marker) works too. Sent after `interruptWhen`'s SIGINT, if both are given.
   */
  signals?: readonly CliSignal[];
  /**
   * SIGKILLs a child still running after this many ms, so a hung child fails its test (code
   * null) instead of outliving it. Default: 6 × `CLI_BUDGET_MS`.
   */
  deadlineMs?: number;
}

const running = new Set<ChildProcess>();
// A test that times out leaves its child behind; a child waiting on a hung unit would outlive the worker.
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/**
 * Variables that change what the CLI prints (colour, GitHub annotations): a child gets them only
 * when a test passes them, never from the machine running the tests.
 */
const UNINHERITED_ENV: Record<string, undefined> = {
  FORCE_COLOR: undefined,
  NO_COLOR: undefined,
  GITHUB_ACTIONS: undefined,
};

/** Runs the real compiled CLI as `node dist/src/cli/bin.js` in a child process. */
export function runCliProcess(args: readonly string[], options: CliOptions): Promise<CliResult> {
  return new Promise((resolvePromise) => {
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...process.env, ...UNINHERITED_ENV, ...options.env })) {
      if (value !== undefined) env[key] = value;
    }
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    running.add(child);
    const output: CliOutput = { stdout: "", stderr: "" };
    const pending: CliSignal[] = [
      ...(options.interruptWhen ? [{ signal: "SIGINT" as const, when: options.interruptWhen }] : []),
      ...(options.signals ?? []),
    ];
    const watch = (): void => {
      while (pending[0]?.when(output)) child.kill(pending.shift()!.signal);
    };
    const poll = options.signals?.length ? setInterval(watch, SIGNAL_POLL_MS) : undefined;
    // Decoding per stream keeps a multi-byte character split across chunks (such as ✓) whole.
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      output.stdout += chunk;
      watch();
    });
    child.stderr.on("data", (chunk: string) => {
      output.stderr += chunk;
      watch();
    });
    const deadline = setTimeout(() => child.kill("SIGKILL"), options.deadlineMs ?? 6 * CLI_BUDGET_MS);
    child.on("close", (code) => {
      clearTimeout(deadline);
      clearInterval(poll);
      running.delete(child);
      resolvePromise({ code, ...output });
    });
  });
}

/**
 * A fresh temp folder `<prefix><tag>-XXXXXX` (tag: {@link testProcessTag}). The prefix must start
 * with `claw-eval-`: the test cleanup removes such folders of this process after each test file.
 */
export function makeTempDir(prefix = "claw-eval-e2e-"): string {
  return realpathSync(mkdtempSync(join(tmpdir(), `${prefix}${testProcessTag()}-`)));
}
