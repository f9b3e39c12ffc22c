import { describe, expect, it } from "vitest";
import { checkFuzzOutcome, findStackFrame } from "./check-fuzz-outcome.js";
import type { FuzzCase, FuzzOutcome } from "./fuzz-types.js";

const fuzzCase: FuzzCase = {
  label: "a scenario",
  files: [{ path: "suite/s.yaml", content: "name: x\n" }],
  argv: ["run", "suite/s.yaml"],
};
const clean: FuzzOutcome = { code: 0, stdout: "1 passed, 0 failed\n", stderr: "", hung: false, escapes: [] };

function kinds(outcome: Partial<FuzzOutcome>, overrides: Partial<FuzzCase> = {}): string[] {
  return checkFuzzOutcome({ ...fuzzCase, ...overrides }, { ...clean, ...outcome }).map((violation) => violation.kind);
}

describe("findStackFrame", () => {
  it("finds the frames V8 prints for files, file URLs, node internals and async calls", () => {
    const frames = [
      "    at loadScenarios (/work/src/scenarios/load-scenarios.ts:40:11)",
      "    at file:///work/dist/src/cli/bin.js:17:20",
      "    at async Promise.all (node:internal/modules/esm/loader:606:24)",
      "  at Object.<anonymous> (C:\\work\\bin.js:3:9)",
    ];
    for (const frame of frames) expect(findStackFrame(`Error: boom\n${frame}\nmore`)).toBe(frame.trim());
  });

  it("ignores diagnostics and prose that merely mention paths and lines", () => {
    const text = [
      'suite/s.yaml:3:1: expected a scenario key, found key "tunrs" (did you mean turns?)',
      "look at /tmp/file.md for the notes",
      "the meeting is at 10:30",
      "cassette /tmp/x/0.json has no recording of this request (turn 1, key 0a1b2c3d4e5f)",
    ].join("\n");
    expect(findStackFrame(text)).toBeUndefined();
  });
});

describe("checkFuzzOutcome", () => {
  it("accepts a handled run", () => {
    expect(kinds({})).toEqual([]);
    expect(kinds({ code: 1 })).toEqual([]);
  });

  it("flags exit 3, exit codes the case does not allow, and signals", () => {
    expect(kinds({ code: 3, stderr: "claw-eval: internal error: boom\n" })).toEqual(["exit-3"]);
    expect(kinds({ code: 134 })).toEqual(["unexpected-exit"]);
    expect(kinds({ code: 0 }, { exits: [2], blame: ["suite/s.yaml"] })).toEqual(["unexpected-exit", "unnamed-file"]);
  });

  it("flags a hang and a crash without looking further", () => {
    expect(kinds({ code: null, hung: true })).toEqual(["hang"]);
    expect(kinds({ code: null, crash: "the worker was killed by SIGABRT" })).toEqual(["crash"]);
  });

  it("flags a stack trace on stdout or stderr even when the exit code is fine", () => {
    expect(kinds({ code: 1, stdout: "Error: x\n    at run (/work/src/runner/run-unit.ts:12:3)\n" })).toEqual([
      "stack-trace",
    ]);
  });

  it("requires a bad input's file in the output, and any of the input's files on exit 2", () => {
    expect(
      kinds({ code: 2, stderr: "suite/s.yaml:1:1: expected a mapping\n" }, { blame: ["suite/s.yaml"], exits: [2] }),
    ).toEqual([]);
    expect(kinds({ code: 2, stderr: 'claw-eval: unknown model "bogus:x"\n' })).toEqual(["unnamed-file"]);
    expect(kinds({ code: 2, stderr: 'claw-eval: unknown model "bogus:x"\n' }, { blame: ["suite/s.yaml"] })).toEqual([
      "unnamed-file",
    ]);
  });

  it("reports every write outside the input's folders", () => {
    const violations = checkFuzzOutcome(fuzzCase, {
      ...clean,
      escapes: ["/tmp/canary/pwned", "/tmp/claw-eval-fuzz-escape-x"],
    });
    expect(violations).toEqual([
      { kind: "escape", detail: "wrote outside its folders: /tmp/canary/pwned" },
      { kind: "escape", detail: "wrote outside its folders: /tmp/claw-eval-fuzz-escape-x" },
    ]);
  });
});
