import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunResult } from "../../src/domain/index.js";
import { cliTimeout, makeTempDir, PROJECT_ROOT, runCliProcess } from "../support/run-cli.js";

/** A project with one scenario over a copy of fixtures/workspaces/minimal; turn 2 has a prompt-golden. */
function setUpProject(): string {
  const dir = makeTempDir();
  cpSync(join(PROJECT_ROOT, "fixtures/workspaces/minimal"), join(dir, "ws"), { recursive: true });
  mkdirSync(join(dir, "scenarios"));
  writeFileSync(
    join(dir, "scenarios", "hello.yaml"),
    [
      "name: hello in the minimal workspace",
      "workspace: ../ws",
      "golden: { systemPrompt: ../golden/hello.md }",
      "turns:",
      "  - user: hi",
      "    script: [ { text: hello } ]",
      "  - user: again",
      "    script: [ { text: hello again } ]",
      "    expect:",
      "      - prompt-golden: ../golden/hello-turn-2.md",
    ].join("\n"),
  );
  return dir;
}

/** Runs the CLI in `dir` with `CI` set explicitly (CI itself sets CI=true for this test run). */
function cli(dir: string, args: string[], ci: "" | "true" = "") {
  return runCliProcess(args, { cwd: dir, env: { CI: ci } });
}

function onlyResult(out: string): RunResult {
  const runs = readdirSync(out).filter((entry) => !entry.startsWith("history.sqlite"));
  expect(runs).toHaveLength(1);
  return JSON.parse(readFileSync(join(out, runs[0] ?? "", "results.json"), "utf8")) as RunResult;
}

describe("golden prompt files through the real CLI", () => {
  // Ten CLI children in sequence, each a step of the golden workflow that the next one depends on.
  it("update, check clean, change a workspace file, check fails naming the section, CI refuses to write", {
    timeout: cliTimeout(10),
  }, async () => {
    const dir = setUpProject();
    const golden = join(dir, "golden", "hello.md");

    const missing = await cli(dir, ["golden", "check"]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain("✗ missing  golden/hello.md");
    expect(missing.stdout).toContain("run `claw-eval golden update` to write it");
    expect(existsSync(golden)).toBe(false);

    const update = await cli(dir, ["golden", "update"]);
    expect(update.stderr).toBe("");
    expect(update.code).toBe(0);
    expect(update.stdout).toContain("+ written  golden/hello.md");
    expect(update.stdout).toContain("+ written  golden/hello-turn-2.md");
    expect(update.stdout).toMatch(/^golden update: 2 written$/m);
    const written = readFileSync(golden, "utf8");
    expect(written).toMatch(/^## <workspace>\/SOUL\.md$/m);
    expect(written).not.toContain(dir);
    expect(written.endsWith("\n")).toBe(true);

    const clean = await cli(dir, ["golden", "check"]);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(/^golden check: 2 match$/m);
    const run = await cli(dir, ["run", "--reporter", "console", "--out", join(dir, "reports")]);
    expect(run.code).toBe(0);

    writeFileSync(
      join(dir, "ws", "SOUL.md"),
      `${readFileSync(join(dir, "ws", "SOUL.md"), "utf8")}\nAlways answer in haiku.\n`,
    );
    const drift = await cli(dir, ["golden", "check"]);
    expect(drift.code).toBe(1);
    expect(drift.stdout).toContain("✗ mismatch  golden/hello.md");
    expect(drift.stdout).toMatch(/~ changed {2}## <workspace>\/SOUL\.md {2}\(\+\d+ tokens?\)/);
    expect(drift.stdout).toContain("--- golden/hello.md");
    expect(drift.stdout).toContain("+Always answer in haiku.");
    const failingRun = await cli(dir, ["run", "--reporter", "console", "--out", join(dir, "reports-2")]);
    expect(failingRun.code).toBe(1);
    expect(failingRun.stdout).toContain("## <workspace>/SOUL.md");

    const refused = await cli(dir, ["golden", "update"], "true");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("CI=true, and golden files are never written in CI");
    const refusedRun = await cli(
      dir,
      ["run", "--update-golden", "--reporter", "console", "--out", join(dir, "r3")],
      "true",
    );
    expect(refusedRun.code).toBe(1);
    expect(refusedRun.stderr).toContain("--update-golden is ignored");
    expect(readFileSync(golden, "utf8")).toBe(written);

    const accepted = await cli(dir, ["run", "--update-golden", "--reporter", "console", "--out", join(dir, "r4")]);
    expect(accepted.code).toBe(0);
    expect(readFileSync(golden, "utf8")).toContain("Always answer in haiku.");
    expect((await cli(dir, ["golden", "check"], "true")).code).toBe(0);
  });

  it("in CI a missing golden file fails and is not written", async () => {
    const dir = setUpProject();
    const check = await cli(dir, ["golden", "check"], "true");
    expect(check.code).toBe(1);
    expect(check.stdout).toContain("CI=true never writes golden files");
    const run = await cli(dir, ["run", "--reporter", "console", "--out", join(dir, "reports")], "true");
    expect(run.code).toBe(1);
    expect(existsSync(join(dir, "golden"))).toBe(false);
  });

  it("reports golden files that no scenario uses as obsolete, without failing", async () => {
    const dir = setUpProject();
    expect((await cli(dir, ["golden", "update"])).code).toBe(0);
    writeFileSync(join(dir, "golden", "removed-scenario.md"), "old prompt\n");
    const check = await cli(dir, ["golden", "check"]);
    expect(check.code).toBe(0);
    expect(check.stdout).toContain("obsolete golden files (no scenario uses them");
    expect(check.stdout).toContain("  golden/removed-scenario.md");
    const out = join(dir, "reports");
    const run = await cli(dir, ["run", "--out", out]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("golden/removed-scenario.md");
    expect(onlyResult(out).obsoleteGolden).toEqual(["golden/removed-scenario.md"]);
    const filtered = join(dir, "filtered");
    expect((await cli(dir, ["run", "--filter", "hello", "--out", filtered])).code).toBe(0);
    expect(onlyResult(filtered).obsoleteGolden).toEqual([]);
  });

  it("exits 2 when no scenario has a golden check, and on an unknown action", async () => {
    const dir = makeTempDir();
    mkdirSync(join(dir, "scenarios"));
    writeFileSync(
      join(dir, "scenarios", "plain.yaml"),
      "name: plain\nturns:\n  - user: hi\n    script: [ { text: hi } ]\n",
    );
    const none = await cli(dir, ["golden", "check"]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("No golden checks in scenarios/");
    const unknown = await cli(dir, ["golden", "refresh"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('golden: expected check or update, found "refresh"');
  });
});
