import type { AgentEvent, AgentEventOf, ExpectationOf, ExpectationResult } from "../domain/index.js";
import { buildExpectationResult } from "./build-expectation-result.js";
import type { ExpectationContext } from "./expectation-context.js";
import { normaliseMemoryPath } from "./read-memory-searches.js";

type Expectation = ExpectationOf<"memory-recalled">;
type RecallInjected = AgentEventOf<"recall_injected">;

function isRecall(event: AgentEvent): event is RecallInjected {
  return event.type === "recall_injected";
}

function notes(count: number): string {
  return `${count} note${count === 1 ? "" : "s"}`;
}

function describeExpected(expectation: Expectation): string {
  const from = expectation.path === undefined ? "" : ` from ${expectation.path}`;
  if (expectation.count !== undefined) return `exactly ${notes(expectation.count)}${from} recalled`;
  return expectation.recalled ? `notes${from} recalled` : `no notes${from} recalled`;
}

/** `2 notes: memory/a.md#L1-L3, MEMORY.md#L210`, or `no notes recalled`. */
function describeRecalls(count: number, citations: readonly string[]): string {
  if (count === 0) return "no notes recalled";
  return citations.length === 0 ? `${notes(count)} (no citations)` : `${notes(count)}: ${citations.join(", ")}`;
}

/**
 * `memory-recalled`: the turn's `recall_injected` events (passive recall, memory.md §8). Without
 * `path` the notes counted are the events' `count`s; with `path`, the events' citations of that
 * file (`path#Lx-Ly`, path compared after dropping `./`). `recalled: true` needs at least one
 * note, `false` none, and `count` exactly that many.
 */
export function checkMemoryRecalled(expectation: Expectation, context: ExpectationContext): ExpectationResult {
  const recalls = context.result.events.filter(isRecall);
  const citations = recalls.flatMap((event) => event.citations ?? []);
  const total = recalls.reduce((sum, event) => sum + event.count, 0);
  const wanted = expectation.path === undefined ? undefined : normaliseMemoryPath(expectation.path);
  const matching =
    wanted === undefined
      ? total
      : citations.filter((citation) => normaliseMemoryPath(citation.split("#")[0] ?? "") === wanted).length;
  const pass = expectation.count !== undefined ? matching === expectation.count : expectation.recalled === matching > 0;
  const actual = describeRecalls(total, citations);
  const expected = describeExpected(expectation);
  const counted = wanted === undefined ? "" : `${notes(matching)} from ${wanted} among `;
  const message = pass ? `memory-recalled: ${actual}` : `expected ${expected}, but ${counted}${actual}`;
  return buildExpectationResult(expectation, { pass, message, expected, actual });
}
