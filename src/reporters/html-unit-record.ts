import {
  type AgentEvent,
  type AgentEventOf,
  type AgentEventType,
  repeatNumber,
  type TurnResult,
  type UnitResult,
} from "../domain/index.js";
import type { HtmlPromptTable } from "./html-prompt-table.js";

/** What the unit list shows and filters on: one row per unit, in run order. */
export interface HtmlUnitRow {
  id: string;
  name: string;
  scenarioId: string;
  /** The scenario file's id (`fileId`): the unit list's scenario filter, so a file's cases group together. */
  scenario: string;
  file: string;
  caseId?: string;
  model: string;
  tags: string[];
  /** Counted from 1, as people see it (`repeatNumber`). */
  repeat: number;
  status: UnitResult["status"];
  /** The unit's scenario case on its model has both passing and failing repeats. */
  flaky: boolean;
  durationMs: number;
  costUsd: number | null;
  turns: number;
  /** Failed expectations over the unit's turns. */
  failedExpectations: number;
  /** `fault_injected` events over the unit's turns. */
  faults: number;
  error?: string;
}

/** A turn as the unit view renders it: the system prompt by its index in the prompt table. */
export type HtmlTurn = Omit<TurnResult, "systemPrompt" | "events"> & { prompt: number; events: HtmlEvent[] };

/** An event as stored for the report: the recorded fields, with the bulky repeats replaced. */
export type HtmlEvent = { type: string; sessionKey?: string } & Record<string, unknown>;

/** The part of a unit the list does not need; read only when the unit is opened. */
export interface HtmlUnitDetail {
  turns: HtmlTurn[];
  usage: UnitResult["usage"];
  golden?: UnitResult["golden"];
  /** Each recorded session with the number of transcript entries (their content is in the events). */
  sessions?: { sessionKey: string; sessionId: string; file: string; entries: number }[];
  memory?: UnitResult["memory"];
}

type EventCompactor = (event: AgentEvent, prompts: HtmlPromptTable) => HtmlEvent | undefined;

/**
 * Events whose recorded fields repeat what other events already hold. Every other event type,
 * including ones this version does not know, is kept exactly as recorded.
 */
const EVENT_COMPACTORS: Partial<Record<AgentEventType, EventCompactor>> = {
  // The system prompt is stored once in the prompt table.
  prompt_built: (event, prompts) => {
    const { systemPrompt, ...rest } = event as AgentEvent & { systemPrompt: string };
    return { ...rest, prompt: prompts.indexOf(systemPrompt) };
  },
  // Streaming pieces of the text `message_end` holds whole.
  message_update: () => undefined,
  // The message and tool results are the turn's `message_end` and `tool_execution_end` events.
  turn_end: (event) => {
    const { message: _message, toolResults, ...rest } = event as AgentEventOf<"turn_end">;
    return { ...rest, toolResults: toolResults.length };
  },
  // Every message of the run, already shown by the events before it.
  agent_end: (event) => {
    const { messages, ...rest } = event as AgentEventOf<"agent_end">;
    return { ...rest, messages: messages.length };
  },
};

function compactEvent(event: AgentEvent, prompts: HtmlPromptTable): HtmlEvent | undefined {
  const { runId: _runId, ...kept } = event;
  const compactor = EVENT_COMPACTORS[event.type];
  return compactor === undefined ? kept : compactor(kept as AgentEvent, prompts);
}

/** The JSON input of each tool call the assistant messages of `events` asked for, by call id. */
function toolCallInputs(events: readonly AgentEvent[]): Map<string, string> {
  const inputs = new Map<string, string>();
  for (const event of events) {
    if (event.type !== "message_end" || event.message.role !== "assistant") continue;
    for (const block of event.message.content) {
      if (block.type === "tool_call") inputs.set(block.id, JSON.stringify(block.input));
    }
  }
  return inputs;
}

function compactTurn(turn: TurnResult, prompts: HtmlPromptTable): HtmlTurn {
  const { systemPrompt, events, ...rest } = turn;
  const inputs = toolCallInputs(events);
  const kept: HtmlEvent[] = [];
  for (const event of events) {
    // A tool ran with the input its call asked for unless a hook changed it: keep only changed ones.
    if (event.type === "tool_execution_start" && inputs.get(event.toolCallId) === JSON.stringify(event.args)) {
      const { runId: _runId, args: _args, ...rest } = event;
      kept.push({ ...rest, argsAsCalled: true });
      continue;
    }
    const compacted = compactEvent(event, prompts);
    if (compacted !== undefined) kept.push(compacted);
  }
  return { ...rest, prompt: prompts.indexOf(systemPrompt), events: kept };
}

/** The list row of a unit. Pure. */
export function buildHtmlUnitRow(unit: UnitResult, flaky: boolean): HtmlUnitRow {
  let failedExpectations = 0;
  let faults = 0;
  for (const turn of unit.turns) {
    for (const expectation of turn.expectations) if (!expectation.pass) failedExpectations++;
    for (const event of turn.events) if (event.type === "fault_injected") faults++;
  }
  return {
    id: unit.unitId,
    name: unit.scenarioName,
    scenarioId: unit.scenarioId,
    scenario: unit.fileId,
    file: unit.file,
    ...(unit.caseId === undefined ? {} : { caseId: unit.caseId }),
    model: unit.model,
    tags: unit.tags,
    repeat: repeatNumber(unit.repeat),
    status: unit.status,
    flaky,
    durationMs: unit.durationMs,
    costUsd: unit.costUsd,
    turns: unit.turns.length,
    failedExpectations,
    faults,
    ...(unit.error === undefined ? {} : { error: unit.error }),
  };
}

/**
 * The detail of a unit: its turns with every event (the run id dropped, streaming deltas left out,
 * the system prompt and repeated messages replaced by references, a tool's input kept only where
 * it differs from what its call asked for), golden results, sessions and memory measures. Adds the
 * unit's system prompts to `prompts`.
 */
export function buildHtmlUnitDetail(unit: UnitResult, prompts: HtmlPromptTable): HtmlUnitDetail {
  return {
    turns: unit.turns.map((turn) => compactTurn(turn, prompts)),
    usage: unit.usage,
    ...(unit.golden === undefined ? {} : { golden: unit.golden }),
    ...(unit.sessions === undefined
      ? {}
      : {
          sessions: unit.sessions.map((session) => ({
            sessionKey: session.sessionKey,
            sessionId: session.sessionId,
            file: session.file,
            entries: session.entries.length,
          })),
        }),
    ...(unit.memory === undefined ? {} : { memory: unit.memory }),
  };
}
