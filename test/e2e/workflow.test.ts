import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunResult } from "../../src/domain/index.js";
import { cliTimeout, makeTempDir, PROJECT_ROOT, runCliProcess } from "../support/run-cli.js";

function scenario(name: string, tags: string[], reply: string, expected: string): string {
  return [
    `name: ${name}`,
    `tags: [${tags.join(", ")}]`,
    "turns:",
    "  - user: hi",
    `    script: [ { text: ${reply} } ]`,
    "    expect:",
    `      - reply-contains: ${expected}`,
  ].join("\n");
}

/** A project with three scenarios: `alpha` (fast) and `beta` (slow) pass, `gamma` (slow) fails. */
function setUpProject(): string {
  const dir = makeTempDir();
  mkdirSync(join(dir, "scenarios"));
  writeFileSync(join(dir, "scenarios", "alpha.yaml"), scenario("alpha", ["fast"], "hello", "hello"));
  writeFileSync(join(dir, "scenarios", "beta.yaml"), scenario("beta", ["slow"], "hello", "hello"));
  writeFileSync(join(dir, "scenarios", "gamma.yaml"), scenario("gamma", ["slow"], "hello", "goodbye"));
  return dir;
}

function cli(dir: string, args: string[]) {
  return runCliProcess(args, { cwd: dir, env: { CI: "" } });
}

function results(out: string): RunResult[] {
  return readdirSync(out)
    .filter((entry) => !entry.startsWith("history"))
    .sort()
    .map((run) => JSON.parse(readFileSync(join(out, run, "results.json"), "utf8")) as RunResult);
}

describe("everyday workflow through the real CLI", () => {
  it("--list prints the selected units and runs nothing; regex, --exclude and !tag select", async () => {
    const dir = setUpProject();
    const all = await cli(dir, ["run", "--list"]);
    expect(all.code).toBe(0);
    expect(all.stdout).toBe("alpha@scripted~1\nbeta@scripted~1\ngamma@scripted~1\n");
    expect(existsSync(join(dir, "reports"))).toBe(false);
    const selected = await cli(dir, ["run", "--list", "--filter", "/^(alpha|gamma)$/", "--tag", "!fast"]);
    expect(selected.stdout).toBe("gamma@scripted~1\n");
    const excluded = await cli(dir, [
      "run",
      "--list",
      "--exclude",
      "/^b/",
      "--exclude",
      "GAMMA",
      "-m",
      "scripted:echo",
    ]);
    expect(excluded.stdout).toBe("alpha@scripted:echo~1\n");
    const bad = await cli(dir, ["run", "--list", "--filter", "/(a)\\1/"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^claw-eval: --filter: backreference/);
  });

  it("--last-failed runs what failed in the latest run, and everything when there is no run yet", {
    timeout: cliTimeout(3),
  }, async () => {
    const dir = setUpProject();
    const first = await cli(dir, ["run", "--last-failed", "-j", "1", "--reporter", "json"]);
    expect(first.code).toBe(1);
    expect(first.stderr).toContain("--last-failed: no earlier run with a results.json in reports: running every unit");
    const second = await cli(dir, ["run", "--last-failed", "--reporter", "json"]);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/--last-failed: running the 1 unit\(s\) that failed in run \d{8}-\d{6}-\d{3}/);
    const runs = results(join(dir, "reports"));
    expect(runs.map((run) => run.units.map((unit) => unit.unitId))).toEqual([
      ["alpha@scripted~1", "beta@scripted~1", "gamma@scripted~1"],
      ["gamma@scripted~1"],
    ]);
    expect(runs[0]?.options.concurrency).toBe(1);
  });

  it("takes defaults from claw-eval.config.yaml found upward, with paths from its folder; the command line wins", {
    timeout: cliTimeout(3),
  }, async () => {
    const dir = setUpProject();
    writeFileSync(
      join(dir, "claw-eval.config.yaml"),
      ["paths: [scenarios/alpha.yaml, scenarios/beta.yaml]", "repeat: 2", "out: results", "reporters: [json]"].join(
        "\n",
      ),
    );
    const nested = join(dir, "scenarios");
    const listed = await cli(nested, ["run", "--list"]);
    expect(listed.stdout).toBe("alpha@scripted~1\nalpha@scripted~2\nbeta@scripted~1\nbeta@scripted~2\n");
    const run = await cli(nested, ["run", "--repeat", "1", "gamma.yaml", "--reporter", "json"]);
    expect(run.code).toBe(1);
    const [result] = results(join(dir, "results"));
    expect(result?.units.map((unit) => unit.unitId)).toEqual(["gamma@scripted~1"]);
    writeFileSync(join(dir, "claw-eval.config.json"), "{}\n");
    const both = await cli(nested, ["run", "--list"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("claw-eval.config.json and ../claw-eval.config.yaml");
  });

  it("-u and golden update write missing golden files and remove obsolete ones in the golden folder, printing each", {
    timeout: cliTimeout(4),
  }, async () => {
    const dir = makeTempDir();
    cpSync(join(PROJECT_ROOT, "fixtures/workspaces/minimal"), join(dir, "ws"), { recursive: true });
    mkdirSync(join(dir, "scenarios"));
    mkdirSync(join(dir, "golden"));
    writeFileSync(
      join(dir, "scenarios", "hello.yaml"),
      [
        "name: hello",
        "workspace: ../ws",
        "golden: { systemPrompt: ../golden/hello.md }",
        "turns:",
        "  - user: hi",
        "    script: [ { text: hello } ]",
      ].join("\n"),
    );
    writeFileSync(join(dir, "golden", "gone.md"), "an old prompt\n");
    writeFileSync(join(dir, "golden", "notes.txt"), "not a golden file\n");
    const filtered = await cli(dir, ["run", "-u", "--filter", "hello", "--reporter", "json"]);
    expect(filtered.code).toBe(0);
    expect(filtered.stdout).toContain("golden: wrote golden/hello.md");
    expect(existsSync(join(dir, "golden", "gone.md"))).toBe(true);
    const update = await cli(dir, ["run", "-u", "--reporter", "json"]);
    expect(update.code).toBe(0);
    expect(update.stdout).toBe("golden: removed golden/gone.md\n");
    expect(readdirSync(join(dir, "golden")).sort()).toEqual(["hello.md", "notes.txt"]);
    writeFileSync(join(dir, "golden", "older.md"), "an older prompt\n");
    const withPaths = await cli(dir, ["golden", "update", "scenarios/"]);
    expect(withPaths.code).toBe(0);
    expect(existsSync(join(dir, "golden", "older.md"))).toBe(true);
    const golden = await cli(dir, ["golden", "update"]);
    expect(golden.code).toBe(0);
    expect(golden.stdout).toContain("golden: removed golden/older.md\n");
    expect(golden.stdout).not.toContain("obsolete golden files");
    expect(readdirSync(join(dir, "golden")).sort()).toEqual(["hello.md", "notes.txt"]);
  });
});

/** A loopback stand-in for the Messages API that always answers with one final text. */
function startFakeAnthropic(): Promise<{ server: Server; url: string; calls: () => number }> {
  let calls = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      calls += 1;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          id: `msg_${calls}`,
          type: "message",
          role: "assistant",
          model: "claude-sonnet-4-20250514",
          content: [{ type: "text", text: "hello there" }],
          stop_reason: "end_turn",
          stop_sequence: null,
          usage: { input_tokens: 100, output_tokens: 5 },
        }),
      );
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, calls: () => calls });
    });
  });
}

describe("compare with the run options", () => {
  let fake: Awaited<ReturnType<typeof startFakeAnthropic>>;
  beforeAll(async () => {
    fake = await startFakeAnthropic();
  });
  afterAll(() => {
    fake.server.close();
  });

  it("records two live models, then compares them offline with --replay and no key", {
    timeout: cliTimeout(2),
  }, async () => {
    const dir = makeTempDir();
    writeFileSync(
      join(dir, "greet.yaml"),
      ["name: greet", "turns:", "  - user: say hello", "    expect:", "      - reply-contains: hello"].join("\n"),
    );
    const models = ["-m", "anthropic:claude-sonnet-4-20250514", "-m", "anthropic:claude-opus-4-20250514"];
    const record = await runCliProcess(
      ["compare", "greet.yaml", ...models, "--record", "--reporter", "json", "--out", "rec"],
      {
        cwd: dir,
        env: { ANTHROPIC_API_KEY: "sk-ant-test-key", ANTHROPIC_BASE_URL: fake.url, CI: "true" },
      },
    );
    expect(record.stderr).toBe("");
    expect(record.code).toBe(0);
    expect(fake.calls()).toBe(2);
    const replay = await runCliProcess(
      [
        "compare",
        "greet.yaml",
        ...models,
        "--replay",
        "--reporter",
        "json",
        "--out",
        "rep",
        "--filter",
        "/^gr/",
        "-j",
        "2",
      ],
      { cwd: dir, env: { ANTHROPIC_API_KEY: undefined, ANTHROPIC_BASE_URL: "http://127.0.0.1:9", CI: "true" } },
    );
    expect(replay.stderr).toBe("");
    expect(replay.code).toBe(0);
    expect(fake.calls()).toBe(2);
    const [result] = results(join(dir, "rep"));
    expect(result?.units.map((unit) => [unit.model, unit.status])).toEqual([
      ["anthropic:claude-sonnet-4-20250514", "passed"],
      ["anthropic:claude-opus-4-20250514", "passed"],
    ]);
    expect(result?.comparison).toBeDefined();
  });
});

describe("run --watch", () => {
  it("re-runs only the scenario whose file changed, and ends on Ctrl-C", { timeout: cliTimeout(2) }, async () => {
    const dir = setUpProject();
    let touched = false;
    const touch = (): boolean => {
      if (!touched) {
        touched = true;
        writeFileSync(
          join(dir, "scenarios", "beta.yaml"),
          `${scenario("beta", ["slow"], "hello", "hello")}\n# edited\n`,
        );
      }
      return true;
    };
    const watched = await runCliProcess(["run", "--watch", "--reporter", "console", "-j", "1"], {
      cwd: dir,
      env: { CI: "" },
      signals: [
        { signal: "SIGCONT", when: (output) => output.stdout.includes("Watching for changes") && touch() },
        {
          signal: "SIGINT",
          when: (output) => /re-running 1 scenario\(s\): beta\n[\s\S]*\n1 passed, 0 failed/.test(output.stdout),
        },
      ],
    });
    expect(watched.stdout).toContain("changed: scenarios/beta.yaml\nre-running 1 scenario(s): beta\n");
    expect(watched.stdout).toMatch(/^2 passed, 1 failed$/m);
    const runs = results(join(dir, "reports"));
    expect(runs.map((run) => run.units.map((unit) => unit.unitId))).toEqual([
      ["alpha@scripted~1", "beta@scripted~1", "gamma@scripted~1"],
      ["beta@scripted~1"],
    ]);
    expect(watched.code).toBe(0);
  });
});
