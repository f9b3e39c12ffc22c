import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { PROJECT_ROOT } from "../support/run-cli.js";
import { CHILD_HEAP_MB, childEnv, type Transport, type TransportResult } from "./fuzz-transport.js";

/**
 * A copy of the built CLI (dist/ and package.json, with node_modules linked), taken once, so a
 * rebuild of the checkout while a campaign runs cannot mix two builds in one input.
 */
function snapshotBuild(): { bin: string; dispose: () => void } {
  const folder = mkdtempSync(join(tmpdir(), "claw-eval-fuzz-cli-"));
  cpSync(join(PROJECT_ROOT, "dist"), join(folder, "dist"), { recursive: true });
  cpSync(join(PROJECT_ROOT, "package.json"), join(folder, "package.json"));
  symlinkSync(join(PROJECT_ROOT, "node_modules"), join(folder, "node_modules"));
  return { bin: join(folder, "dist/src/cli/bin.js"), dispose: () => rmSync(folder, { recursive: true, force: true }) };
}

/** The command modules `runCli` imports lazily; importing them all loads nearly the whole build. */
const COMMAND_MODULES = ["run", "compare", "golden", "prompt", "skills", "memory", "bench", "merge", "init"].map(
  (name) => `dist/src/cli/${name}-command.js`,
);

/** Why a snapshot cannot load (a build was half written when it was taken), or undefined. */
function checkSnapshot(bin: string): string | undefined {
  const folder = join(bin, "../../../..");
  const script = `for (const path of ${JSON.stringify(COMMAND_MODULES)}) await import(${JSON.stringify(`${folder}/`)} + path);`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
    timeout: 120_000,
  });
  return result.status === 0 ? undefined : result.stderr.split("\n").slice(0, 6).join("\n");
}

/** A consistent snapshot of the build, waiting out a build that is being written. Throws after a few tries. */
async function takeSnapshot(): Promise<ReturnType<typeof snapshotBuild>> {
  let problem = "";
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const build = snapshotBuild();
    const broken = checkSnapshot(build.bin);
    if (broken === undefined) return build;
    build.dispose();
    problem = broken;
    await new Promise((resolve) => setTimeout(resolve, 15_000));
  }
  throw new Error(`dist/ does not load (run npm run build, and wait for other builds to finish):\n${problem}`);
}

/** The built binary, one process per input (about 0.3 s of start-up each), killed at the deadline. */
export function createCliTransport(): Transport {
  let build: Promise<ReturnType<typeof snapshotBuild>> | undefined;
  let taken: ReturnType<typeof snapshotBuild> | undefined;
  const running = new Set<ReturnType<typeof spawn>>();
  return {
    name: "cli",
    async run(request) {
      build ??= takeSnapshot();
      taken = await build;
      const started = performance.now();
      const env = { ...childEnv(), ...request.env, NODE_OPTIONS: `--max-old-space-size=${CHILD_HEAP_MB}` };
      const child = spawn(process.execPath, [taken.bin, ...request.argv], {
        cwd: request.cwd,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      running.add(child);
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
      });
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        stderr += chunk;
      });
      const deadline = setTimeout(() => child.kill("SIGKILL"), request.deadlineMs);
      return new Promise<TransportResult>((resolve) => {
        child.on("close", (code, signal) => {
          clearTimeout(deadline);
          running.delete(child);
          if (code !== null) return resolve({ code, stdout, stderr, hung: false });
          const hung = performance.now() - started >= request.deadlineMs;
          resolve({ code: null, stdout, stderr, hung, ...(hung ? {} : { crash: `killed by ${signal}` }) });
        });
      });
    },
    close() {
      for (const child of running) child.kill("SIGKILL");
      taken?.dispose();
    },
  };
}
