import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { basename, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunResult } from "../../src/domain/index.js";
import { makeTempDir, runCliProcess } from "../support/run-cli.js";

/** Connects to the port in argv[2] on the host's loopback and says whether it got through. */
const PROBE = `import { connect } from "node:net";
connect(Number(process.argv[2]), "127.0.0.1")
  .on("connect", () => { console.log("CONNECTED"); process.exit(0); })
  .on("error", (error) => console.log("BLOCKED " + error.code));
`;

function results(out: string): RunResult {
  const runs = readdirSync(out).filter((entry) => !entry.startsWith("history.sqlite"));
  expect(runs).toHaveLength(1);
  return JSON.parse(readFileSync(join(out, runs[0] ?? "", "results.json"), "utf8")) as RunResult;
}

/** `[isError, text]` of each tool result of a scenario's unit, in call order. */
function toolResults(result: RunResult, scenarioId: string): [boolean, string][] {
  const unit = result.units.find((candidate) => candidate.scenarioId === scenarioId);
  return (unit?.turns ?? []).flatMap((turn) =>
    turn.events.flatMap((event): [boolean, string][] =>
      event.type === "tool_execution_end"
        ? [[event.isError, event.result.content.map((block) => block.text).join("")]]
        : [],
    ),
  );
}

describe("sandboxed exec (real CLI, real bubblewrap)", () => {
  let server: Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    server = createServer((socket) => {
      connections += 1;
      // The probe exits as soon as it is connected: its reset is expected.
      socket.on("error", () => {});
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    port = typeof address === "object" && address !== null ? address.port : 0;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("writes only inside the workspace and reaches no network; the same commands unsandboxed do both", async () => {
    const dir = makeTempDir();
    const outside = join(dir, "outside");
    mkdirSync(outside);
    mkdirSync(join(dir, "ws"));
    writeFileSync(join(dir, "ws", "probe.mjs"), PROBE);
    const tmpProbe = (name: string) => `/tmp/${basename(dir)}-${name}-probe`;
    const scenario = (name: string, config: string) =>
      [
        `name: ${name}`,
        "workspace: ./ws",
        `env: { PATH: '${dirname(process.execPath)}:/usr/bin:/bin' }`,
        `config: ${config}`,
        "turns:",
        "  - user: try to get out",
        "    script:",
        "      - tools:",
        `          - { tool: exec, input: { command: "touch ${outside}/${name}.txt && echo ESCAPED" } }`,
        `          - { tool: exec, input: { command: "echo private > ${tmpProbe(name)} && echo TMP-WRITTEN" } }`,
        `          - { tool: exec, input: { command: "echo kept > inside.txt && echo INSIDE-WRITTEN" } }`,
        `          - { tool: exec, input: { command: "node probe.mjs ${port}" } }`,
        "          - { tool: read, input: { path: inside.txt } }",
        "      - text: done",
        "",
      ].join("\n");
    writeFileSync(
      join(dir, "sandboxed.yaml"),
      scenario("sandboxed", "{ agents: { defaults: { sandbox: { mode: all } } } }"),
    );
    writeFileSync(join(dir, "host.yaml"), scenario("host", "{ tools: { exec: { security: full, ask: 'off' } } }"));
    const out = join(dir, "out");
    const run = await runCliProcess(["run", "sandboxed.yaml", "host.yaml", "--reporter", "json", "--out", out], {
      cwd: dir,
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const result = results(out);

    const sandboxed = toolResults(result, "sandboxed");
    expect(sandboxed[0]?.[1]).toMatch(
      /^Exit code 1\nstderr:\ntouch: cannot touch '.*': (No such file or directory|Read-only file system)$/,
    );
    expect(sandboxed[1]?.[1]).toBe("Exit code 0\nstdout:\nTMP-WRITTEN");
    expect(sandboxed[2]?.[1]).toBe("Exit code 0\nstdout:\nINSIDE-WRITTEN");
    expect(sandboxed[3]?.[1]).toBe("Exit code 0\nstdout:\nBLOCKED ECONNREFUSED");
    expect(sandboxed[4]).toEqual([false, "kept"]);
    expect(existsSync(join(outside, "sandboxed.txt"))).toBe(false);
    expect(existsSync(tmpProbe("sandboxed"))).toBe(false);

    const host = toolResults(result, "host");
    expect(host.slice(0, 4).map(([, text]) => text)).toEqual([
      "Exit code 0\nstdout:\nESCAPED",
      "Exit code 0\nstdout:\nTMP-WRITTEN",
      "Exit code 0\nstdout:\nINSIDE-WRITTEN",
      "Exit code 0\nstdout:\nCONNECTED",
    ]);
    expect(readdirSync(outside)).toEqual(["host.txt"]);
    expect(existsSync(tmpProbe("host"))).toBe(true);
    rmSync(tmpProbe("host"));
    expect(connections).toBe(1);
  });

  it("refuses a sandboxed command when bubblewrap is not on PATH, and never runs it", async () => {
    const dir = makeTempDir();
    const emptyBin = join(dir, "bin");
    mkdirSync(emptyBin);
    const marker = join(dir, "marker");
    writeFileSync(
      join(dir, "no-bwrap.yaml"),
      [
        "name: no-bwrap",
        `env: { PATH: '${emptyBin}' }`,
        "config: { agents: { defaults: { sandbox: { mode: all } } } }",
        "turns:",
        "  - user: run it",
        "    script:",
        `      - { tool: exec, input: { command: "/usr/bin/touch ${marker}" } }`,
        "      - text: refused",
        "",
      ].join("\n"),
    );
    const out = join(dir, "out");
    const run = await runCliProcess(["run", "no-bwrap.yaml", "--reporter", "json", "--out", out], {
      cwd: dir,
      env: { PATH: emptyBin },
    });
    expect(run.code).toBe(0);
    const [refusal] = toolResults(results(out), "no-bwrap");
    expect(refusal?.[0]).toBe(true);
    expect(refusal?.[1]).toBe(
      `exec refused: this session is sandboxed (sandbox.mode), but isolation is unavailable: bubblewrap (bwrap) was ` +
        `not found on the session's PATH (PATH: ${emptyBin}). A sandboxed command never runs on the host. Install ` +
        "bubblewrap (Debian/Ubuntu: apt-get install -y bubblewrap; Fedora: dnf install bubblewrap) and put its folder " +
        `(usually /usr/bin) on the scenario's env PATH. Or set agents.defaults.sandbox.mode to "off" to run commands ` +
        "on the host under the exec approval policy.",
    );
    expect(existsSync(marker)).toBe(false);
  });
});
