import type { Expectation, ExpectationResult, ExpectationType, Scenario, Turn, TurnResult } from "../domain/index.js";
import { checkCompaction } from "./check-compaction.js";
import { checkDelivered, checkHeartbeatAck, checkReplySilent } from "./check-compliance.js";
import { checkCostMax } from "./check-cost-max.js";
import { checkCustom } from "./check-custom.js";
import { checkEvent } from "./check-event.js";
import { checkHookCalled } from "./check-hook-called.js";
import { checkMemoryCited } from "./check-memory-cited.js";
import { checkMemoryRecalled } from "./check-memory-recalled.js";
import { checkMemoryTopHit } from "./check-memory-top-hit.js";
import { checkMemoryWritten } from "./check-memory-written.js";
import { checkPromptContains } from "./check-prompt-contains.js";
import { checkPromptGolden } from "./check-prompt-golden.js";
import { checkPromptTokensMax } from "./check-prompt-tokens-max.js";
import { checkPruned } from "./check-pruned.js";
import { checkReplyContains } from "./check-reply-contains.js";
import { checkReplyEquals } from "./check-reply-equals.js";
import { checkReplyMatches } from "./check-reply-matches.js";
import { checkSkillsExcluded, checkSkillsIncluded, checkSkillsTruncated } from "./check-skills.js";
import { checkStreamClean } from "./check-stream-clean.js";
import { checkSubagentSpawned } from "./check-subagent-spawned.js";
import { checkToolBlocked } from "./check-tool-blocked.js";
import { checkToolCalled } from "./check-tool-called.js";
import { checkToolNotCalled } from "./check-tool-not-called.js";
import { checkToolSequence } from "./check-tool-sequence.js";
import {
  type CheckPromptGolden,
  collectToolCalls,
  type ExpectationContext,
  type ExpectationHandler,
  type ImportModule,
} from "./expectation-context.js";
import { formatLine, MAX_MESSAGE_CHARS, MAX_VALUE_CHARS, truncateText } from "./format-value.js";

/** One handler per expectation type; a type without a handler fails to compile. */
export const HANDLERS: { readonly [T in ExpectationType]: ExpectationHandler<T> } = {
  "reply-equals": checkReplyEquals,
  "reply-contains": checkReplyContains,
  "reply-matches": checkReplyMatches,
  "tool-called": checkToolCalled,
  "tool-not-called": checkToolNotCalled,
  "tool-sequence": checkToolSequence,
  "prompt-contains": checkPromptContains,
  "prompt-golden": checkPromptGolden,
  "skills-included": checkSkillsIncluded,
  "skills-excluded": checkSkillsExcluded,
  "skills-truncated": checkSkillsTruncated,
  "heartbeat-ack": checkHeartbeatAck,
  delivered: checkDelivered,
  "reply-silent": checkReplySilent,
  "stream-clean": checkStreamClean,
  "subagent-spawned": checkSubagentSpawned,
  "hook-called": checkHookCalled,
  "tool-blocked": checkToolBlocked,
  event: checkEvent,
  custom: checkCustom,
  compaction: checkCompaction,
  pruned: checkPruned,
  "prompt-tokens-max": checkPromptTokensMax,
  "cost-max": checkCostMax,
  "memory-top-hit": checkMemoryTopHit,
  "memory-cited": checkMemoryCited,
  "memory-written": checkMemoryWritten,
  "memory-recalled": checkMemoryRecalled,
};

export interface CheckExpectationsOptions {
  scenario: Scenario;
  /** The turn whose `expect` list is checked. */
  turn: Turn;
  /** The turn's outcome; its `expectations` field is ignored. */
  result: TurnResult;
  /** Loads custom expectation modules by absolute path. */
  importModule: ImportModule;
  /** Golden comparison for `prompt-golden` expectations (injected by the runner). */
  checkPromptGolden?: CheckPromptGolden;
  /** The unit's turn results so far with `result` last, for `cost-max` per unit; default `[result]`. */
  unitTurns?: readonly TurnResult[];
  /** The unit's model id, named in messages (e.g. an unknown cost). */
  model?: string;
}

function handlerFor<T extends ExpectationType>(type: T): ExpectationHandler<T> | undefined {
  return Object.hasOwn(HANDLERS, type) ? HANDLERS[type] : undefined;
}

async function checkOne(expectation: Expectation, context: ExpectationContext): Promise<ExpectationResult> {
  const handler = handlerFor(expectation.type);
  const failure = (message: string, expected: string): ExpectationResult => ({
    type: expectation.type,
    pass: false,
    message: formatLine(message, MAX_MESSAGE_CHARS),
    expected,
    actual: truncateText(message, MAX_VALUE_CHARS),
    location: expectation.location,
  });
  if (handler === undefined)
    return failure(`unknown expectation type "${expectation.type}"`, `one of ${Object.keys(HANDLERS).join(", ")}`);
  try {
    return await handler(expectation, context);
  } catch (error) {
    // Handlers must not throw; if one does, the turn still gets a result for every expectation.
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return failure(`${expectation.type} handler threw: ${reason}`, "a result from the handler");
  }
}

/**
 * Checks `turn.expect` against the turn's result, one at a time, and returns the results in
 * the expectations' order. Never throws: every problem is a failed result.
 */
export async function checkExpectations(options: CheckExpectationsOptions): Promise<ExpectationResult[]> {
  const context: ExpectationContext = {
    scenario: options.scenario,
    turn: options.turn,
    result: options.result,
    toolCalls: collectToolCalls(options.result.events),
    unitTurns: options.unitTurns ?? [options.result],
    ...(options.model === undefined ? {} : { model: options.model }),
    importModule: options.importModule,
    ...(options.checkPromptGolden === undefined ? {} : { checkPromptGolden: options.checkPromptGolden }),
  };
  const results: ExpectationResult[] = [];
  for (const expectation of options.turn.expect) results.push(await checkOne(expectation, context));
  return results;
}
