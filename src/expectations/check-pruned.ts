import type { AgentEvent, ExpectationOf, ExpectationResult, Message, PruneMechanism } from "../domain/index.js";
import { buildExpectationResult } from "./build-expectation-result.js";
import type { ExpectationContext } from "./expectation-context.js";
import { MAX_VALUE_CHARS, truncateText } from "./format-value.js";

type Expectation = ExpectationOf<"pruned">;

interface PrunedResult {
  mechanism: PruneMechanism;
  toolCallId: string;
  /** `undefined` when no event of the turn names the call's tool. */
  toolName: string | undefined;
}

function noteMessage(message: Message, names: Map<string, string>): void {
  if (message.role === "tool_result") names.set(message.toolCallId, message.toolName);
  if (message.role !== "assistant") return;
  for (const block of message.content) if (block.type === "tool_call") names.set(block.id, block.name);
}

/** Tool names by tool call id, from every event of the turn that carries both. */
function toolNamesById(events: readonly AgentEvent[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const event of events) {
    if (event.type === "tool_execution_start" || event.type === "tool_execution_end") {
      names.set(event.toolCallId, event.toolName);
    } else if (event.type === "message_end") noteMessage(event.message, names);
    else if (event.type === "turn_end") {
      noteMessage(event.message, names);
      for (const result of event.toolResults) noteMessage(result, names);
    } else if (event.type === "agent_end") for (const message of event.messages) noteMessage(message, names);
  }
  return names;
}

function describeResult(result: PrunedResult): string {
  return `${result.toolName ?? "(tool unknown)"} ${result.toolCallId}`;
}

/** `guard-truncate: exec call_1, read call_3; persist-cap: exec call_5`, or `no tool result pruned`. */
function describePruned(results: readonly PrunedResult[]): string {
  if (results.length === 0) return "no tool result pruned";
  const byMechanism = new Map<string, string[]>();
  for (const result of results) {
    byMechanism.set(result.mechanism, [...(byMechanism.get(result.mechanism) ?? []), describeResult(result)]);
  }
  return [...byMechanism].map(([mechanism, entries]) => `${mechanism}: ${entries.join(", ")}`).join("; ");
}

function describeExpected(expectation: Expectation): string {
  const how = expectation.mechanism === undefined ? "" : ` by ${expectation.mechanism}`;
  const tools = expectation.tools === undefined ? "" : ` of ${expectation.tools.join(", ")}`;
  if (expectation.count !== undefined) {
    return `exactly ${expectation.count} tool result${expectation.count === 1 ? "" : "s"}${tools} pruned${how}`;
  }
  if (!expectation.pruned) return `no tool result${tools} pruned${how}`;
  const each = expectation.tools !== undefined && expectation.tools.length > 1 ? " (each tool)" : "";
  return `a tool result${tools} pruned${how}${each}`;
}

function distinctIds(results: readonly PrunedResult[]): number {
  return new Set(results.map((result) => result.toolCallId)).size;
}

/**
 * `pruned`: the turn's `context_pruned` events (context.md §6), one entry per tool result and
 * mechanism; tool names come from the turn's tool, message and run events. Counted are the
 * distinct tool results pruned by `mechanism` (any when absent) of the `tools` (any when
 * absent): `false` needs none, `true` at least one (and one of every named tool), `count`
 * exactly that many (and, above 0, every named tool among them).
 */
export function checkPruned(expectation: Expectation, context: ExpectationContext): ExpectationResult {
  const names = toolNamesById(context.result.events);
  const results: PrunedResult[] = context.result.events.flatMap((event) =>
    event.type === "context_pruned"
      ? event.toolCallIds.map((toolCallId, index) => ({
          mechanism: event.mechanism,
          toolCallId,
          toolName: event.toolNames?.[index] ?? names.get(toolCallId),
        }))
      : [],
  );
  const { mechanism, tools } = expectation;
  const matching = results.filter(
    (result) =>
      (mechanism === undefined || result.mechanism === mechanism) &&
      (tools === undefined || (result.toolName !== undefined && tools.includes(result.toolName))),
  );
  const count = distinctIds(matching);
  const missingTools = (tools ?? []).filter((tool) => !matching.some((result) => result.toolName === tool));
  const wantsSome = expectation.count === undefined ? expectation.pruned : expectation.count > 0;
  const countOk =
    expectation.count === undefined ? (expectation.pruned ? count > 0 : count === 0) : count === expectation.count;
  const pass = countOk && (!wantsSome || missingTools.length === 0);
  const expected = describeExpected(expectation);
  const actual = truncateText(describePruned(results), MAX_VALUE_CHARS);
  const problems = [
    ...(countOk ? [] : [`${count} matching tool result${count === 1 ? " was" : "s were"}`]),
    ...(wantsSome && missingTools.length > 0 ? [`no ${missingTools.join(" or ")} result was`] : []),
  ];
  const message = pass ? `pruned: ${actual}` : `expected ${expected}, but ${problems.join(" and ")} pruned (${actual})`;
  return buildExpectationResult(expectation, { pass, message, expected, actual });
}
