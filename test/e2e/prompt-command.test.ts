import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PromptReport } from "../../src/prompt/build-prompt-report.js";
import { makeTempDir, runCliProcess } from "../support/run-cli.js";

function workspace(files: Record<string, string>): string {
  const dir = makeTempDir();
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

const cleanEnv = (home: string) => ({ HOME: home, OPENCLAW_STATE_DIR: undefined, TZ: undefined, CI: "true" });

describe("claw-eval prompt (real binary)", () => {
  it("prints the JSON report: headings, sections with tokens, context files read in place", async () => {
    const ws = workspace({ "AGENTS.md": "agents\n", "SOUL.md": "be kind", "USER.md": "" });
    const home = makeTempDir();
    const run = await runCliProcess(["prompt", ws, "--json"], { cwd: home, env: cleanEnv(home) });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as PromptReport;
    expect(report.mode).toBe("full");
    expect(report.text.startsWith("You are a personal assistant running inside OpenClaw.")).toBe(true);
    expect(report.headings).toContain("# Project Context");
    expect(report.headings).toContain(`## ${ws}/AGENTS.md`);
    expect(report.headings).not.toContain(`## ${ws}/USER.md`);
    expect(report.text).toContain("Time zone: UTC");
    for (const section of report.sections) {
      expect(section.tokens).toBe(Math.ceil(section.chars / 4));
      expect(section.bpeTokens).toBeGreaterThan(0);
    }
    expect(report.contextFiles.map((file) => [file.path.slice(ws.length + 1), file.missing])).toEqual([
      ["AGENTS.md", false],
      ["SOUL.md", false],
      ["TOOLS.md", true],
      ["IDENTITY.md", true],
      ["HEARTBEAT.md", true],
      ["BOOTSTRAP.md", true],
    ]);
    expect(report.contextFiles[0]).toEqual({
      path: `${ws}/AGENTS.md`,
      missing: false,
      originalChars: 6,
      injectedChars: 6,
      headChars: 6,
      tailChars: 0,
      truncated: false,
    });
  });

  it("renders a sub-agent session with --mode minimal and takes --tools as the final list", async () => {
    const ws = workspace({ "AGENTS.md": "a", "MEMORY.md": "m", "HEARTBEAT.md": "- check" });
    const home = makeTempDir();
    const run = await runCliProcess(["prompt", ws, "--mode", "minimal", "--tools", "read,Zeta_tool", "--json"], {
      cwd: home,
      env: cleanEnv(home),
    });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as PromptReport;
    expect(report.mode).toBe("minimal");
    expect(report.contextFiles.map((file) => file.path.slice(ws.length + 1))).toEqual([
      "AGENTS.md",
      "SOUL.md",
      "TOOLS.md",
      "IDENTITY.md",
      "USER.md",
    ]);
    expect(report.headings).not.toContain("## Heartbeats");
    const list = report.text.split("\n").filter((line) => line.startsWith("- read") || line.startsWith("- Zeta_tool"));
    expect(list).toEqual(["- read: Show a file's contents", "- Zeta_tool"]);
  });

  it("takes the time zone from config, then TZ, then UTC", async () => {
    const ws = workspace({ "AGENTS.md": "a" });
    const home = makeTempDir();
    const config = join(home, "cfg.json");
    writeFileSync(config, JSON.stringify({ agents: { defaults: { userTimezone: "Asia/Shanghai" } } }));
    const fromConfig = await runCliProcess(["prompt", ws, "--config", config], {
      cwd: home,
      env: { ...cleanEnv(home), TZ: "Europe/Paris" },
    });
    expect(fromConfig.stdout).toContain("Time zone: Asia/Shanghai");
    const fromTz = await runCliProcess(["prompt", ws], { cwd: home, env: { ...cleanEnv(home), TZ: "Europe/Paris" } });
    expect(fromTz.stdout).toContain("Time zone: Europe/Paris");
  });

  it("uses <state dir>/openclaw.json when present and warns about unknown keys on stderr", async () => {
    const ws = workspace({ "AGENTS.md": "a" });
    const home = makeTempDir();
    mkdirSync(join(home, ".openclaw"));
    writeFileSync(
      join(home, ".openclaw/openclaw.json"),
      JSON.stringify({ agents: { defaults: { userTimezon: "Asia/Tokyo" } } }),
    );
    const run = await runCliProcess(["prompt", ws, "--json"], { cwd: home, env: cleanEnv(home) });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/agents\.defaults\.userTimezon/);
    expect(run.stderr).toMatch(/did you mean userTimezone/);
    expect(() => JSON.parse(run.stdout)).not.toThrow();
  });

  it("exits 2 for a missing workspace or an unreadable config", async () => {
    const home = makeTempDir();
    const missing = await runCliProcess(["prompt", join(home, "nope")], { cwd: home, env: cleanEnv(home) });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/expected a workspace folder, found nothing/);
    const ws = workspace({ "AGENTS.md": "a" });
    writeFileSync(join(home, "bad.json"), "{ agents: ");
    const bad = await runCliProcess(["prompt", ws, "--config", join(home, "bad.json")], {
      cwd: home,
      env: cleanEnv(home),
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/bad\.json:1:\d+: invalid config/);
  });
});
