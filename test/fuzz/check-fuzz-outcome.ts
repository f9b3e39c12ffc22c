import type { FuzzCase, FuzzOutcome, FuzzViolation } from "./fuzz-types.js";

/** Exit codes of a handled input: passed, failed, invalid input. 3 means the run could not complete. */
export const HANDLED_EXITS: readonly number[] = [0, 1, 2];

/**
 * A frame of a JavaScript stack trace: `at fn (/path/file.js:12:5)`, `at file:///x.mjs:1:2`,
 * `at async fn (node:internal/x:3:9)`. User-facing output never shows one.
 */
const STACK_FRAME = /^[ \t]*at [^\n]*?(?:file:\/\/|node:|\/|[A-Za-z]:\\)[^\s()]*:\d+(?::\d+)?\)?[ \t]*$/m;

/** The first stack frame line in `text`, or undefined. */
export function findStackFrame(text: string): string | undefined {
  return STACK_FRAME.exec(text)?.[0].trim();
}

/**
 * The invariants every input must keep (pure): no hang, no crash, no exit 3, an exit code the
 * case allows, no stack trace on stdout or stderr, nothing written outside the input's folders,
 * and a bad input (exit 2, or a case with `blame`) named by its file in the output.
 */
export function checkFuzzOutcome(fuzzCase: FuzzCase, outcome: FuzzOutcome): FuzzViolation[] {
  const violations: FuzzViolation[] = [];
  for (const path of outcome.escapes) violations.push({ kind: "escape", detail: `wrote outside its folders: ${path}` });
  if (outcome.hung) return [...violations, { kind: "hang", detail: "still running at the per-input deadline" }];
  if (outcome.crash !== undefined) return [...violations, { kind: "crash", detail: outcome.crash }];
  const allowed = fuzzCase.exits ?? HANDLED_EXITS;
  if (outcome.code === 3) violations.push({ kind: "exit-3", detail: firstLines(outcome.stderr) });
  else if (outcome.code === null || !allowed.includes(outcome.code)) {
    const detail = `exit ${outcome.code}, expected ${allowed.join(" or ")}: ${firstLines(outcome.stderr || outcome.stdout)}`;
    violations.push({ kind: "unexpected-exit", detail });
  }
  const frame = findStackFrame(outcome.stderr) ?? findStackFrame(outcome.stdout);
  if (frame !== undefined) violations.push({ kind: "stack-trace", detail: frame });
  const output = `${outcome.stdout}\n${outcome.stderr}`;
  if (fuzzCase.blame !== undefined && !fuzzCase.blame.some((file) => output.includes(file))) {
    const files = fuzzCase.blame.join(" or ");
    violations.push({ kind: "unnamed-file", detail: `no output names ${files}: ${firstLines(output)}` });
  } else if (outcome.code === 2 && !fuzzCase.files.some((file) => output.includes(file.path))) {
    violations.push({ kind: "unnamed-file", detail: `exit 2 naming none of its files: ${firstLines(output)}` });
  }
  return violations;
}

/** The first non-empty lines of `text`, joined and clipped, for a one-line failure detail. */
function firstLines(text: string): string {
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const joined = lines.slice(0, 2).join(" | ");
  return joined.length > 300 ? `${joined.slice(0, 300)}…` : joined || "(no output)";
}
