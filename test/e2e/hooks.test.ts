import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunResult } from "../../src/domain/index.js";
import { makeTempDir, runCliProcess } from "../support/run-cli.js";

const GUARD = `export const id = "guard";
export default function register(api) {
  api.on("before_tool_call", (event) =>
    String(event.params.path).startsWith("safe/") ? undefined : { block: true, blockReason: "only safe/ may be written" },
  );
  api.on("message_sending", (event) => ({ content: event.content.toUpperCase() }));
}
`;

const SCENARIO = `name: hook blocks then allows
hooks: [hooks/guard.mjs]
turns:
  - user: save it
    script:
      - tool: write
        input: { path: out.md, content: x }
      - tool: write
        input: { path: safe/out.md, content: x }
      - text: saved
    expect:
      - tool-blocked: { name: write, reason: safe/ }
      - hook-called: { name: before_tool_call, times: 2, plugin: guard }
      - delivered: true
`;

function readResult(out: string): RunResult {
  const runs = readdirSync(out).filter((entry) => !entry.startsWith("history.sqlite"));
  return JSON.parse(readFileSync(join(out, runs[0] ?? "", "results.json"), "utf8")) as RunResult;
}

describe("claw-eval run with hook modules (real binary)", () => {
  it("loads a hook module from the scenario and passes hook expectations", async () => {
    const dir = makeTempDir();
    mkdirSync(join(dir, "hooks"));
    writeFileSync(join(dir, "hooks/guard.mjs"), GUARD);
    writeFileSync(join(dir, "blocked.yaml"), SCENARIO);
    const out = join(dir, "out");
    const run = await runCliProcess(["run", "blocked.yaml", "--out", out, "--reporter", "json"], { cwd: dir });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const turn = readResult(out).units[0]?.turns[0];
    expect(turn?.delivered).toBe("SAVED");
    expect(turn?.events.filter((event) => event.type === "tool_blocked")).toEqual([
      expect.objectContaining({ toolName: "write", reason: "only safe/ may be written", pluginId: "guard" }),
    ]);
  });

  it("errors the unit (exit 1) naming the module and a close hook name; other units still run", async () => {
    const dir = makeTempDir();
    mkdirSync(join(dir, "hooks"));
    writeFileSync(join(dir, "hooks/typo.mjs"), 'export default (api) => api.on("message_sendin", () => {});\n');
    writeFileSync(
      join(dir, "a-typo.yaml"),
      "name: typo\nhooks: [hooks/typo.mjs]\nturns: [{ user: hi, script: [{ text: hi }] }]\n",
    );
    writeFileSync(join(dir, "b-fine.yaml"), "name: fine\nturns: [{ user: hi, script: [{ text: hi }] }]\n");
    const out = join(dir, "out");
    const run = await runCliProcess(["run", ".", "--out", out], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'hook module hooks/typo.mjs: unknown hook "message_sendin" (did you mean message_sending?)',
    );
    expect(readResult(out).units.map((unit) => [unit.scenarioId, unit.status])).toEqual([
      ["a-typo", "errored"],
      ["b-fine", "passed"],
    ]);
  });

  it("exits 2 before running when a hooks path does not exist", async () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, "s.yaml"), "name: s\nhooks: [nope.mjs]\nturns: [{ user: hi }]\n");
    const run = await runCliProcess(["run", "s.yaml", "--out", join(dir, "out")], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      's.yaml:2:9: hooks[0]: expected a JavaScript hook module (.js or .mjs) relative to the scenario file, found no file at "nope.mjs"',
    );
  });
});
