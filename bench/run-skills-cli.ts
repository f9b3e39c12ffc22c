import { spawn } from "node:child_process";
import type { SkillsReport } from "../src/skills/skill-types.js";
import type { SkillsTree } from "./build-skills-tree.js";

export interface SkillsCliRun {
  wallMs: number;
  /** Skills in the prompt catalog, from the JSON report. */
  included: number;
  /** Skills after merging. */
  discovered: number;
  /** Lines the child wrote to stderr (diagnostics). */
  stderrLines: number;
}

/**
 * Runs `node <bin> skills <workspace> --json --config <tree config>` once with HOME and
 * OPENCLAW_STATE_DIR inside the tree and the host's PATH; wall time from spawn to exit.
 * Rejects when the child exits non-zero or prints no JSON report.
 */
export function runSkillsCli(options: { bin: string; tree: SkillsTree; path: string }): Promise<SkillsCliRun> {
  const { bin, tree } = options;
  const env = { PATH: options.path, HOME: tree.homeDir, OPENCLAW_STATE_DIR: tree.stateDir, TZ: "UTC" };
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, "skills", tree.workspaceDir, "--json", "--config", tree.configPath], {
      cwd: tree.workspaceDir,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const stdout: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0) {
        reject(new Error(`claw-eval skills exited ${code}: ${stderr.slice(-2000)}`));
        return;
      }
      try {
        const report = JSON.parse(Buffer.concat(stdout).toString("utf8")) as SkillsReport;
        const stderrLines = stderr.split("\n").filter((line) => line !== "").length;
        resolve({ wallMs, included: report.included.length, discovered: report.discovered.length, stderrLines });
      } catch (error) {
        reject(
          new Error(`claw-eval skills printed no JSON report (${String(error)}); its stderr: ${stderr.slice(-2000)}`),
        );
      }
    });
  });
}
