import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunResult } from "../../src/domain/index.js";
import { processesWithEnvironment, waitFor } from "../support/process-liveness.js";
import { makeTempDir, runCliProcess } from "../support/run-cli.js";

/** Far longer than any test may take: a command still sleeping at the end was never stopped. */
const FOREVER = "sleep 300";
/** Under FOREVER, so a CLI that waits for the command is killed and fails its test (code null). */
const DEADLINE_MS = 150_000;

interface Setup {
  dir: string;
  out: string;
  /** The unit's temp folders go here (the CLI's TMPDIR), so the test can see what is left. */
  tmp: string;
  /** `NAME=value` in the environment of every command the scenarios start. */
  token: string;
  marker: string;
  started: string;
}

function setup(): Setup {
  const dir = makeTempDir();
  const tmp = join(dir, "tmp");
  mkdirSync(tmp);
  return {
    dir,
    out: join(dir, "out"),
    tmp,
    token: `CLAW_EVAL_E2E_TOKEN=${dir}`,
    marker: join(dir, "marker"),
    started: join(dir, "started"),
  };
}

/**
 * A scenario whose only turn runs one exec call on the host without approvals; `input` is the
 * call's YAML flow mapping, `extra` more top-level lines.
 */
function writeExecScenario(at: Setup, options: { file: string; input: string; extra?: string[] }): string {
  const lines = [
    `name: ${options.file.replace(/\.yaml$/, "")}`,
    ...(options.extra ?? []),
    `env: { PATH: /usr/bin:/bin, CLAW_EVAL_E2E_TOKEN: '${at.dir}' }`,
    "config: { tools: { exec: { security: full, ask: 'off' } } }",
    "turns:",
    "  - user: run the slow command",
    "    script:",
    `      - { tool: exec, input: ${options.input} }`,
    "      - text: done",
  ];
  writeFileSync(join(at.dir, options.file), `${lines.join("\n")}\n`);
  return options.file;
}

function onlyResult(out: string): RunResult {
  const runs = readdirSync(out).filter((entry) => !entry.startsWith("history.sqlite"));
  expect(runs).toHaveLength(1);
  return JSON.parse(readFileSync(join(out, runs[0] ?? "", "results.json"), "utf8")) as RunResult;
}

function execResultTexts(result: RunResult): string[] {
  return (result.units[0]?.turns ?? []).flatMap((turn) =>
    turn.events.flatMap((event) =>
      event.type === "tool_execution_end" ? [event.result.content.map((block) => block.text).join("")] : [],
    ),
  );
}

/** Nothing the scenario's commands started is still running (waits a generous while for the kill to land). */
async function expectNoCommandLeft(at: Setup): Promise<void> {
  await waitFor(() => processesWithEnvironment(at.token).length === 0, { deadlineMs: 20_000 });
  expect(processesWithEnvironment(at.token)).toEqual([]);
}

describe("exec children never outlive a timeout or an interrupt (real CLI, real processes)", () => {
  it("an exec timeout of 2 s stops the command and its whole group", async () => {
    const at = setup();
    const file = writeExecScenario(at, {
      file: "exec-timeout.yaml",
      input: `{ command: "${FOREVER} & ${FOREVER}; echo done > ${at.marker}", timeout: 2 }`,
    });
    const run = await runCliProcess(["run", file, "--reporter", "json", "--out", at.out], {
      cwd: at.dir,
      env: { TMPDIR: at.tmp },
      deadlineMs: DEADLINE_MS,
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(execResultTexts(onlyResult(at.out))).toEqual([
      `Command timed out after 2 s and was stopped: ${FOREVER} & ${FOREVER}; echo done > ${at.marker}\n(no output)`,
    ]);
    await expectNoCommandLeft(at);
    expect(existsSync(at.marker)).toBe(false);
  });

  it("a unit timeout of 3 s reaches the running command, and the CLI exits", async () => {
    const at = setup();
    const file = writeExecScenario(at, {
      file: "unit-timeout.yaml",
      extra: ["timeout: 3"],
      input: `{ command: "${FOREVER}; echo done > ${at.marker}" }`,
    });
    const run = await runCliProcess(["run", file, "--reporter", "json", "--out", at.out], {
      cwd: at.dir,
      env: { TMPDIR: at.tmp },
      deadlineMs: DEADLINE_MS,
    });
    expect(run.code).toBe(1);
    const result = onlyResult(at.out);
    expect(result.units.map((unit) => [unit.status, unit.error])).toEqual([["errored", "timed out after 3 s"]]);
    await expectNoCommandLeft(at);
    expect(existsSync(at.marker)).toBe(false);
  });

  const notices = {
    SIGINT: "Interrupt: finishing running units and writing results",
    SIGTERM: "SIGTERM: finishing running units and writing results",
  } as const;

  it.each(["SIGTERM", "SIGINT"] as const)(
    "%s writes the finished results, stops the command, removes the unit's temp folders and exits 3",
    async (signal) => {
      const at = setup();
      const file = writeExecScenario(at, {
        file: "terminated.yaml",
        input: `{ command: "echo $$ > ${at.started}; ${FOREVER}; echo done > ${at.marker}" }`,
      });
      const run = await runCliProcess(["run", file, "--reporter", "json", "--out", at.out], {
        cwd: at.dir,
        env: { TMPDIR: at.tmp },
        deadlineMs: DEADLINE_MS,
        signals: [{ signal, when: () => existsSync(at.started) }],
      });
      expect(run.code).toBe(3);
      expect(run.stderr).toContain(notices[signal]);
      expect(run.stderr).toContain("Run interrupted: finished results were written.");
      const result = onlyResult(at.out);
      expect(result.status).toBe("interrupted");
      expect(result.units.map((unit) => unit.status)).toEqual(["interrupted"]);
      await expectNoCommandLeft(at);
      expect(readdirSync(at.tmp)).toEqual([]);
      expect(existsSync(at.marker)).toBe(false);
    },
  );

  it("a second SIGINT while shutting down exits 130 at once and leaves no command running", async () => {
    const at = setup();
    // The command ignores SIGTERM and the other unit ignores the interrupt, so shutting down
    // takes a while (the exec kill grace, the runner's abort grace) and the second signal lands in it.
    const exec = writeExecScenario(at, {
      file: "stubborn.yaml",
      input: `{ command: "trap '' TERM; echo $$ > ${at.started}; ${FOREVER}; echo done > ${at.marker}" }`,
    });
    const hangs = join(at.dir, "hangs");
    writeFileSync(
      join(at.dir, "hang.mjs"),
      `import { writeFileSync } from "node:fs";\nexport default function hang() {\n  writeFileSync(${JSON.stringify(hangs)}, "");\n  return new Promise(() => {});\n}\n`,
    );
    writeFileSync(
      join(at.dir, "hanging.yaml"),
      [
        "name: hanging",
        "turns:",
        "  - user: hi",
        "    script: [ { text: hi } ]",
        "    expect: [ { custom: ./hang.mjs } ]",
      ]
        .map((line) => `${line}\n`)
        .join(""),
    );
    const run = await runCliProcess(
      ["run", exec, "hanging.yaml", "--concurrency", "2", "--reporter", "json", "--out", at.out],
      {
        cwd: at.dir,
        env: { TMPDIR: at.tmp },
        deadlineMs: DEADLINE_MS,
        signals: [
          { signal: "SIGINT", when: () => existsSync(at.started) && existsSync(hangs) },
          { signal: "SIGINT", when: ({ stderr }) => stderr.includes("Interrupt: finishing running units") },
        ],
      },
    );
    expect(run.code).toBe(130);
    expect(run.stderr).not.toContain("Run interrupted: finished results were written.");
    await expectNoCommandLeft(at);
    expect(existsSync(at.marker)).toBe(false);
  });

  it("SIGTERM right after SIGINT counts as the second signal: exit 130", async () => {
    const at = setup();
    const file = writeExecScenario(at, {
      file: "twice.yaml",
      input: `{ command: "echo $$ > ${at.started}; ${FOREVER}; echo done > ${at.marker}" }`,
    });
    const run = await runCliProcess(["run", file, "--reporter", "json", "--out", at.out], {
      cwd: at.dir,
      env: { TMPDIR: at.tmp },
      deadlineMs: DEADLINE_MS,
      signals: [
        { signal: "SIGINT", when: () => existsSync(at.started) },
        { signal: "SIGTERM", when: () => true },
      ],
    });
    expect(run.code).toBe(130);
    await expectNoCommandLeft(at);
    expect(existsSync(at.marker)).toBe(false);
  });
});
