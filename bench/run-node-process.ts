import { spawn } from "node:child_process";

/** One finished node process. */
export interface NodeProcessRun {
  /** Wall time from spawn to exit, in ms. */
  wallMs: number;
  /** Peak resident set size of the child, in MB (read inside it at exit). */
  peakMb: number;
  /** User plus system CPU time of the child, in ms: less swayed than wall time by other load. */
  cpuMs: number;
  code: number | null;
  stdout: string;
  /** The child's stderr without the peak-memory line. */
  stderr: string;
}

export interface RunNodeProcessOptions {
  /** Arguments after `node`: a script and its arguments. */
  args: readonly string[];
  cwd: string;
  /** The child's whole environment. Default: the parent's. */
  env?: Record<string, string>;
}

/** Preloaded into the child: writes its peak RSS (KB) and CPU time (µs) to stderr as it exits. */
const PEAK_PROBE = `data:text/javascript,process.on("exit",()=>{const u=process.resourceUsage();process.stderr.write("\\nclaw-eval-maxrss="+u.maxRSS+" cpu="+(u.userCPUTime+u.systemCPUTime)+"\\n")})`;
const PEAK_LINE = /\n?claw-eval-maxrss=(\d+) cpu=(\d+)\n/;

/**
 * Runs `node <args>` to its end and measures it whole: startup, module loading, work and exit.
 * Resolves for any exit code (callers check `code`); rejects only when it cannot start.
 */
export function runNodeProcess(options: RunNodeProcessOptions): Promise<NodeProcessRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ["--import", PEAK_PROBE, ...options.args], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const wallMs = performance.now() - started;
      const errorText = Buffer.concat(stderr).toString("utf8");
      const probe = PEAK_LINE.exec(errorText);
      resolve({
        wallMs,
        peakMb: Number(probe?.[1] ?? Number.NaN) / 1024,
        cpuMs: Number(probe?.[2] ?? Number.NaN) / 1000,
        code,
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: errorText.replace(PEAK_LINE, ""),
      });
    });
  });
}
