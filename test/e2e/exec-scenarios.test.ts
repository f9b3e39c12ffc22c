import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunResult } from "../../src/domain/index.js";
import { makeTempDir, PROJECT_ROOT, runCliProcess } from "../support/run-cli.js";

function onlyResult(out: string): RunResult {
  const runs = readdirSync(out).filter((entry) => !entry.startsWith("history.sqlite"));
  expect(runs).toHaveLength(1);
  return JSON.parse(readFileSync(join(out, runs[0] ?? "", "results.json"), "utf8")) as RunResult;
}

/** `[toolName, isError, text]` of every tool result of a turn. */
function toolResults(result: RunResult, turn: number): [string, boolean, string][] {
  const events = result.units[0]?.turns[turn]?.events ?? [];
  return events.flatMap((event) =>
    event.type === "tool_execution_end"
      ? [[event.toolName, event.isError, event.result.content.map((block) => block.text).join("")]]
      : [],
  );
}

describe("exec scenarios (real binary, real /bin/sh)", () => {
  it("runs an approved command and never runs an unapproved or denied one", async () => {
    const dir = makeTempDir();
    const outside = join(dir, "outside");
    mkdirSync(outside);
    const scenario = [
      "name: exec approvals end to end",
      "env: { PATH: /usr/bin:/bin }",
      "turns:",
      "  - user: Mark the job as started.",
      "    approvals: [{ match: 'touch *', decision: allow }]",
      "    script:",
      `      - { tool: exec, input: { command: 'touch ${outside}/allowed.txt && echo made it' } }`,
      "      - text: Marked.",
      "    expect: [{ tool-called: exec }, { reply-contains: Marked }]",
      "  - user: Mark it as finished too.",
      "    script:",
      `      - { tool: exec, input: { command: 'touch ${outside}/unapproved.txt' } }`,
      "      - text: That needed an approval nobody gave.",
      "    expect: [{ tool-called: exec }]",
      "  - user: And remove the marker.",
      "    approvals: [{ match: 'rm *', decision: deny }, { match: '*', decision: allow }]",
      "    script:",
      `      - { tool: exec, input: { command: 'rm ${outside}/allowed.txt' } }`,
      "      - text: Removing it was denied.",
      "    expect: [{ tool-called: exec }]",
    ].join("\n");
    writeFileSync(join(dir, "exec.yaml"), `${scenario}\n`);
    const out = join(dir, "out");
    const run = await runCliProcess(["run", "exec.yaml", "--reporter", "json", "--out", out], {
      cwd: dir,
      env: { CI: "true" },
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(readdirSync(outside)).toEqual(["allowed.txt"]);
    expect(existsSync(join(outside, "unapproved.txt"))).toBe(false);

    const result = onlyResult(out);
    expect(result.units.map((unit) => unit.status)).toEqual(["passed"]);
    expect(toolResults(result, 0)).toEqual([["exec", false, "Exit code 0\nstdout:\nmade it"]]);
    const [[, unapprovedError, unapprovedText] = ["", false, ""]] = toolResults(result, 1);
    expect(unapprovedError).toBe(true);
    expect(unapprovedText).toMatch(
      new RegExp(
        `^Exec denied \\(gateway id=approval-[0-9a-f]+, approval-timeout\\): touch ${outside}/unapproved\\.txt$`,
      ),
    );
    const [[, deniedError, deniedText] = ["", false, ""]] = toolResults(result, 2);
    expect(deniedError).toBe(true);
    expect(deniedText).toMatch(/^Exec denied \(gateway id=approval-[0-9a-f]+, user-denied\): rm /);
    const approvals = result.units[0]?.turns.map((turn) =>
      turn.events.flatMap((event) =>
        event.type === "exec_approval" ? [`${event.phase}:${event.decision ?? ""}`] : [],
      ),
    );
    expect(approvals).toEqual([
      ["requested:", "decided:allow-once"],
      ["requested:", "decided:timeout"],
      ["requested:", "decided:deny"],
    ]);
  });

  it("passes the shipped exec scenarios with their goldens under CI", async () => {
    const out = makeTempDir();
    const files = readdirSync(join(PROJECT_ROOT, "scenarios/tools"))
      .filter((name) => name.startsWith("exec-"))
      .sort()
      .map((name) => `scenarios/tools/${name}`);
    expect(files.length).toBeGreaterThanOrEqual(4);
    const run = await runCliProcess(["run", ...files, "--reporter", "json", "--out", out], {
      cwd: PROJECT_ROOT,
      env: { CI: "true" },
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(onlyResult(out).units.every((unit) => unit.status === "passed")).toBe(true);
  });
});
