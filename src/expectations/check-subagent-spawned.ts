import type { AgentEventOf, ExpectationOf, ExpectationResult } from "../domain/index.js";
import type { ExpectationContext } from "./expectation-context.js";
import { formatString, MAX_VALUE_CHARS } from "./format-value.js";

type SubagentEvent = AgentEventOf<"subagent">;

function describeSpawn(event: SubagentEvent, announced: ReadonlySet<string>): string {
  const label = event.label === undefined ? "" : ` [${event.label}]`;
  const state = announced.has(event.childSessionKey) ? "announced" : "not announced";
  return `${formatString(event.task ?? "", MAX_VALUE_CHARS)}${label} (${state})`;
}

function describeFilter(expectation: ExpectationOf<"subagent-spawned">): string {
  const parts: string[] = [];
  if (expectation.task !== undefined) parts.push(`task containing ${JSON.stringify(expectation.task)}`);
  if (expectation.label !== undefined) parts.push(`label ${JSON.stringify(expectation.label)}`);
  return parts.length === 0 ? "" : ` with ${parts.join(" and ")}`;
}

function describeExpected(expectation: ExpectationOf<"subagent-spawned">): string {
  const filter = describeFilter(expectation);
  const how =
    expectation.count !== undefined
      ? `exactly ${expectation.count} sub-agent${expectation.count === 1 ? "" : "s"}${filter}`
      : expectation.spawned
        ? `a sub-agent${filter}`
        : `no sub-agent${filter}`;
  if (expectation.announced === undefined || !expectation.spawned) return how;
  return `${how}, ${expectation.announced ? "each announced" : "none announced"}`;
}

/**
 * `subagent-spawned`: the `subagent` events of the turn (spec/loop.md §2.4). Counts spawned
 * children (in every session of the turn) whose task contains `task` and whose label equals
 * `label`; `true` needs one, `false` none, `count` exactly that many; `announced` checks the
 * matching children's results were (or were not) announced back to their requester.
 */
export function checkSubagentSpawned(
  expectation: ExpectationOf<"subagent-spawned">,
  context: ExpectationContext,
): ExpectationResult {
  const events = context.result.events.filter((event): event is SubagentEvent => event.type === "subagent");
  const announced = new Set(
    events.filter((event) => event.phase === "announced").map((event) => event.childSessionKey),
  );
  const spawned = events.filter((event) => event.phase === "spawned");
  const matching = spawned.filter(
    (event) =>
      (expectation.task === undefined || (event.task ?? "").includes(expectation.task)) &&
      (expectation.label === undefined || event.label === expectation.label),
  );
  const countOk =
    expectation.count !== undefined
      ? matching.length === expectation.count
      : expectation.spawned
        ? matching.length > 0
        : matching.length === 0;
  const announceOk =
    expectation.announced === undefined ||
    !expectation.spawned ||
    matching.every((event) => announced.has(event.childSessionKey) === expectation.announced);
  const pass = countOk && announceOk;
  const expected = describeExpected(expectation);
  const actual =
    spawned.length === 0 ? "no sub-agent spawned" : spawned.map((event) => describeSpawn(event, announced)).join("; ");
  return {
    type: "subagent-spawned",
    pass,
    message: pass ? `spawned ${expected}` : `expected ${expected}, but got: ${actual}`,
    expected,
    actual,
    location: expectation.location,
  };
}
