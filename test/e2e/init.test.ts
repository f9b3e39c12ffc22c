import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunResult } from "../../src/domain/index.js";
import { cliTimeout, makeTempDir, PROJECT_ROOT, runCliProcess } from "../support/run-cli.js";

/** What `npm run` adds to a script's environment about the package it runs in. */
const CHECKOUT_NPM_ENV =
  /^npm_(package_|lifecycle_|command$|execpath$|node_execpath$|config_(local_prefix|prefix|global_prefix)$)/i;

interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command args` (npm, npx) to its end; SIGKILLs it after `deadlineMs` so a hang fails the test. */
function runProcess(
  command: string,
  args: readonly string[],
  options: { cwd: string; deadlineMs: number },
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    // Under `npm test` the environment describes the checkout's package and prefix; keep only the user's npm settings.
    const inherited = Object.entries(process.env).filter(([key]) => !CHECKOUT_NPM_ENV.test(key));
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: {
        ...Object.fromEntries(inherited),
        npm_config_audit: "false",
        npm_config_fund: "false",
        npm_config_update_notifier: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const deadline = setTimeout(() => child.kill("SIGKILL"), options.deadlineMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(deadline);
      resolve({ code, stdout, stderr });
    });
  });
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));

/** The scaffold's files, sorted (what init prints and writes when the folder has nothing of its own). */
const SCAFFOLD = [
  ".github/workflows/claw-eval.yml",
  ".gitignore",
  "fixtures/workspaces/example/AGENTS.md",
  "fixtures/workspaces/example/SOUL.md",
  "fixtures/workspaces/example/USER.md",
  "package.json",
  "scenarios/echo.yaml",
  "scenarios/greeting.yaml",
];

/** A packed install needs minutes on a loaded 2-core machine; these bound a hang, they measure nothing. */
const PACK_DEADLINE_MS = 2 * 60_000;
const INSTALL_DEADLINE_MS = 10 * 60_000;

describe("init (real binary)", () => {
  it("scaffolds a folder that has only .git and other dotfiles, defaulting to this claw-eval's folder", async () => {
    const dir = makeTempDir();
    mkdirSync(join(dir, ".git", "objects"), { recursive: true });
    writeFileSync(join(dir, ".git", "HEAD"), "ref: refs/heads/main\n");
    writeFileSync(join(dir, ".editorconfig"), "root = true\n");
    const init = await runCliProcess(["init"], { cwd: dir });
    expect(init.stderr).toBe("");
    expect(init.code).toBe(0);
    expect(init.stdout).toContain(
      `Created ${SCAFFOLD.length} files in ${dir}:\n${SCAFFOLD.map((path) => `  ${path}`).join("\n")}\n`,
    );
    expect(init.stdout).toContain("Next:\n  npm install\n  npx claw-eval run scenarios/\n");
    expect(init.stdout).toContain(
      `Note: package.json installs claw-eval from ${PROJECT_ROOT}, which exists on this machine only.`,
    );
    expect(readFileSync(join(dir, ".editorconfig"), "utf8")).toBe("root = true\n");
    expect(readJson(join(dir, "package.json"))).toMatchObject({
      private: true,
      devDependencies: { "claw-eval": `file:${PROJECT_ROOT}` },
    });
    expect(readFileSync(join(dir, "scenarios", "greeting.yaml"), "utf8")).toMatch(
      /^# yaml-language-server: \$schema=\.\.\/node_modules\/claw-eval\/schema\/scenario\.schema\.json\n/,
    );
    const run = await runCliProcess(["run", "--out", join(dir, "reports")], { cwd: dir });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  });

  it("refuses to overwrite, naming every file it would write that exists, and writes nothing", async () => {
    const dir = makeTempDir();
    mkdirSync(join(dir, "scenarios"));
    writeFileSync(join(dir, "scenarios", "echo.yaml"), "name: mine\n");
    writeFileSync(join(dir, "fixtures"), "a file where init needs a folder\n");
    const init = await runCliProcess(["init"], { cwd: dir });
    expect(init.code).toBe(2);
    expect(init.stderr).toBe(
      `claw-eval: init: ${dir} already has fixtures, scenarios/echo.yaml; init never overwrites files: move them away or run init in another directory\n`,
    );
    expect(readdirSync(dir).sort()).toEqual(["fixtures", "scenarios"]);
    expect(readFileSync(join(dir, "scenarios", "echo.yaml"), "utf8")).toBe("name: mine\n");
  });

  it("keeps an existing package.json and .gitignore and says how to add claw-eval", async () => {
    const dir = makeTempDir();
    const manifest = '{ "name": "mine", "private": true }\n';
    writeFileSync(join(dir, "package.json"), manifest);
    writeFileSync(join(dir, ".gitignore"), "dist/\n");
    const init = await runCliProcess(["init", "--from", "git+https://example.com/acme/claw-eval.git"], { cwd: dir });
    expect(init.code).toBe(0);
    expect(init.stdout).toContain("Kept the existing .gitignore and package.json.\n");
    expect(init.stdout).toContain(
      "Next:\n  npm install --save-dev git+https://example.com/acme/claw-eval.git\n  npx claw-eval run scenarios/\n",
    );
    expect(readFileSync(join(dir, "package.json"), "utf8")).toBe(manifest);
    expect(readFileSync(join(dir, ".gitignore"), "utf8")).toBe("dist/\n");
  });

  it("refuses a --from that is neither a claw-eval folder nor a tarball", async () => {
    const dir = makeTempDir();
    const other = makeTempDir();
    writeFileSync(join(other, "package.json"), '{ "name": "left-pad" }\n');
    const init = await runCliProcess(["init", "project", "--from", other], { cwd: dir });
    expect(init.code).toBe(2);
    expect(init.stderr).toContain(`--from: ${other} has a package.json named "left-pad"`);
    expect(existsSync(join(dir, "project"))).toBe(false);
  });

  it("scaffolds a project that installs claw-eval from a packed tarball and runs green with npx", {
    timeout: PACK_DEADLINE_MS + INSTALL_DEADLINE_MS + cliTimeout(2),
  }, async () => {
    const packed = makeTempDir();
    // The build exists (the e2e setup checks it is fresh); --ignore-scripts skips `prepare`, which would rebuild.
    const pack = await runProcess("npm", ["pack", "--ignore-scripts", "--pack-destination", packed, "--json"], {
      cwd: PROJECT_ROOT,
      deadlineMs: PACK_DEADLINE_MS,
    });
    expect(pack.stderr).not.toMatch(/ERR!/);
    expect(pack.code).toBe(0);
    const [{ filename, files }] = JSON.parse(pack.stdout) as [{ filename: string; files: { path: string }[] }];
    const packedPaths = files.map((file) => file.path);
    expect(packedPaths).toEqual(expect.arrayContaining(["dist/src/cli/bin.js", "schema/scenario.schema.json"]));

    const project = join(makeTempDir(), "agent-tests");
    mkdirSync(join(project, "vendor"), { recursive: true });
    copyFileSync(join(packed, filename), join(project, "vendor", filename));
    const init = await runCliProcess(["init", "--from", `vendor/${filename}`], { cwd: project });
    expect(init.code).toBe(0);
    expect(init.stdout).not.toContain("Note:");
    expect(readJson(join(project, "package.json"))).toMatchObject({
      name: "agent-tests",
      devDependencies: { "claw-eval": `file:vendor/${filename}` },
    });

    // Only better-sqlite3 has an install script (it compiles SQLite, minutes on 2 cores); the checkout's
    // own build of the same pinned version is copied in instead, so the install is mostly cache reads.
    const install = await runProcess(
      "npm",
      ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"],
      { cwd: project, deadlineMs: INSTALL_DEADLINE_MS },
    );
    expect(install.stderr).not.toMatch(/ERR!/);
    expect(install.code).toBe(0);
    const sqlite = (root: string) => join(root, "node_modules", "better-sqlite3");
    expect((readJson(join(sqlite(project), "package.json")) as { version: string }).version).toBe(
      (readJson(join(sqlite(PROJECT_ROOT), "package.json")) as { version: string }).version,
    );
    mkdirSync(join(sqlite(project), "build", "Release"), { recursive: true });
    copyFileSync(
      join(sqlite(PROJECT_ROOT), "build", "Release", "better_sqlite3.node"),
      join(sqlite(project), "build", "Release", "better_sqlite3.node"),
    );

    const run = await runProcess("npx", ["--no", "claw-eval", "run", "scenarios/"], {
      cwd: project,
      deadlineMs: cliTimeout(1),
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const runs = readdirSync(join(project, "reports")).filter((entry) => !entry.startsWith("history.sqlite"));
    expect(runs).toHaveLength(1);
    const result = readJson(join(project, "reports", runs[0]!, "results.json")) as RunResult;
    expect(result.summary.total).toBeGreaterThan(0);
    expect(result.summary.passed).toBe(result.summary.total);
    expect(existsSync(join(project, "reports", "history.sqlite"))).toBe(true);
  });
});
