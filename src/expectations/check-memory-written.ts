import type { ExpectationOf, ExpectationResult } from "../domain/index.js";
import { buildExpectationResult } from "./build-expectation-result.js";
import type { ExpectationContext, ToolCallRecord } from "./expectation-context.js";
import { formatString, formatValues, MAX_MESSAGE_VALUE_CHARS } from "./format-value.js";
import { normaliseMemoryPath } from "./read-memory-searches.js";

type Expectation = ExpectationOf<"memory-written">;

/** One successful `write` or `edit` call and the text it put into the file. */
interface FileWrite {
  tool: "write" | "edit";
  path: string;
  /** `write`: the whole content; `edit`: `newText`. */
  written: string;
  /** `edit` only: the text it replaced. */
  oldText: string;
}

function text(input: Record<string, unknown>, key: string): string {
  const value = input[key];
  return typeof value === "string" ? value : "";
}

function readWrite(call: ToolCallRecord): FileWrite | undefined {
  if (call.output === undefined || call.isError) return undefined;
  if (call.name !== "write" && call.name !== "edit") return undefined;
  const path = normaliseMemoryPath(text(call.input, "path"));
  if (call.name === "write") return { tool: "write", path, written: text(call.input, "content"), oldText: "" };
  return { tool: "edit", path, written: text(call.input, "newText"), oldText: text(call.input, "oldText") };
}

/** Why write `index` (0-based among this file's writes) may have changed earlier bytes, if it may. */
function appendProblem(write: FileWrite, index: number): string | undefined {
  const label = `${write.tool} ${index + 1}`;
  if (write.tool === "write") return index === 0 ? undefined : `${label} rewrote the whole file after an earlier write`;
  if (write.oldText === "") return `${label} has an empty oldText`;
  if (write.written.startsWith(write.oldText)) return undefined;
  return `${label} replaced ${formatString(write.oldText, MAX_MESSAGE_VALUE_CHARS)} with text that does not start with it`;
}

function describeExpected(expectation: Expectation): string {
  const contains = expectation.contains.length === 0 ? "" : ` containing ${formatValues(expectation.contains)}`;
  const append = expectation.appendOnly ? ", append-only" : "";
  return `a write of ${expectation.path}${contains}${append}`;
}

function problemsOf(expectation: Expectation, writes: readonly FileWrite[], all: readonly FileWrite[]): string[] {
  if (writes.length === 0) {
    const others = [...new Set(all.map((write) => write.path))];
    if (others.length === 0) return ["no write or edit succeeded in the turn"];
    return [`no write or edit of it succeeded (wrote only ${others.join(", ")})`];
  }
  const problems: string[] = [];
  const matches = (write: FileWrite) => expectation.contains.every((part) => write.written.includes(part));
  const last = writes.at(-1);
  if (!writes.some(matches) && last !== undefined) {
    const missing = expectation.contains.filter((part) => !last.written.includes(part));
    problems.push(
      `no write contained them all (the last lacks ${formatValues(missing)}; it wrote ` +
        `${formatString(last.written, MAX_MESSAGE_VALUE_CHARS)})`,
    );
  }
  if (expectation.appendOnly) {
    for (const [index, write] of writes.entries()) {
      const problem = appendProblem(write, index);
      if (problem !== undefined) problems.push(problem);
    }
  }
  return problems;
}

/**
 * `memory-written`: a successful `write` or `edit` call of the turn (memory-flush calls
 * included: they are events of the same turn) targeted `path` (compared after dropping `./`),
 * and one such call's written text (`content` of a write, `newText` of an edit) contains every
 * `contains` text. With `appendOnly`, every such call must keep the file's earlier bytes as a
 * prefix (memory.md §9.2), judged from the call alone: an `edit` needs a non-empty `oldText`
 * and a `newText` starting with it; a `write` passes only as the turn's first write of the file
 * (taken to create it, since the handler cannot see what the file held before the turn).
 */
export function checkMemoryWritten(expectation: Expectation, context: ExpectationContext): ExpectationResult {
  const all = context.toolCalls.map(readWrite).filter((write): write is FileWrite => write !== undefined);
  const target = normaliseMemoryPath(expectation.path);
  const writes = all.filter((write) => write.path === target);
  const problems = problemsOf(expectation, writes, all);
  const expected = describeExpected(expectation);
  const done = `${writes.length} write${writes.length === 1 ? "" : "s"} of ${target} (${writes.map((write) => write.tool).join(", ")})`;
  const pass = problems.length === 0;
  const message = pass ? `memory-written: ${done}` : `expected ${expected}, but ${problems.join("; ")}`;
  return buildExpectationResult(expectation, { pass, message, expected, actual: pass ? done : problems.join("\n") });
}
