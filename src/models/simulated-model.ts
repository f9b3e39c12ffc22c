import type { ComplianceCategory, Model, ModelCallContext, ModelRequest, ModelResponse } from "../domain/index.js";
import { ZERO_USAGE } from "../domain/index.js";
import { createSeededRandom, hashSeed } from "../platform/create-seeded-random.js";
import type { ComplianceRates } from "./parse-simulated-model-id.js";
import { createScriptedModel } from "./scripted-model.js";
import { conversationOf, previousSummaryOf, simulateCompactionSummary } from "./simulate-compaction-summary.js";
import { streamResponseText } from "./stream-response-text.js";

export interface SimulatedModelOptions {
  /** The full model id, e.g. `simulated:careful?ack=0.9&seed=3`. */
  id: string;
  /** Probability of complying per compliance category. */
  rates: ComplianceRates;
  /** Seed of the compliance decisions and of generated summaries (default 0). */
  seed?: number;
  /** Probability, 0–1, that a generated compaction summary keeps each identifier (default 1). */
  keepIds?: number;
  /** Probability, 0–1, that a compaction call with no scripted summary step fails (default 0). */
  failSummary?: number;
}

/** A simulated model records every request it received, like the scripted model. */
export interface SimulatedModel extends Model {
  readonly requests: ModelRequest[];
}

interface CategoryReplies {
  correct: (context: ModelCallContext) => string;
  mistake: (context: ModelCallContext) => string;
}

/** What each category's correct reply and typical mistake look like. */
export const CATEGORY_REPLIES: Readonly<Record<ComplianceCategory, CategoryReplies>> = {
  quiet: {
    correct: () => "HEARTBEAT_OK",
    mistake: () => "Checked in: nothing new since the last heartbeat, everything looks fine!",
  },
  alert: {
    correct: () => "Alert: an item in HEARTBEAT.md needs your attention now.",
    mistake: () => "HEARTBEAT_OK",
  },
  "silent-expected": {
    correct: () => "NO_REPLY",
    mistake: () => "Done, all set! Let me know if you need anything else.",
  },
  "reply-expected": {
    correct: (context) => `About "${context.input.trim()}": here is a short answer.`,
    mistake: () => "NO_REPLY",
  },
};

/**
 * A model that complies with each turn's compliance category with the category's probability:
 * complying plays the turn's `script` (through the scripted model) or, without one, the
 * category's correct reply; otherwise it replies with the category's typical mistake. Turns
 * without a category play their script. Compliance is decided once per session and turn, from
 * a draw seeded by `seed`, the unit id, the session and the turn index, so units differ and
 * reruns repeat exactly.
 *
 * A `memory_flush` call plays the turn's script, or answers `NO_REPLY` (nothing to store) when
 * the turn has none. A `compaction` call plays the next scripted summary step when one is left;
 * otherwise, with probability `failSummary`, it fails with a retryable server error, else it
 * answers a generated safeguard summary keeping each identifier with probability `keepIds`
 * (`simulateCompactionSummary`). Those draws are seeded by `seed`, the unit, the session, the
 * turn and the index of the compaction call within them.
 */
export function createSimulatedModel(options: SimulatedModelOptions): SimulatedModel {
  const seed = options.seed ?? 0;
  const requests: ModelRequest[] = [];
  const decisions = new Map<string, boolean>();
  const scripted = createScriptedModel({ id: options.id });
  const replies = createScriptedModel({
    id: options.id,
    source: ({ context }) => {
      const category = context.category as ComplianceCategory;
      const complies = decisions.get(turnKey(context)) ?? true;
      const reply = CATEGORY_REPLIES[category][complies ? "correct" : "mistake"](context);
      return { kind: "text", text: reply };
    },
  });

  function complies(context: ModelCallContext, category: ComplianceCategory): boolean {
    const key = turnKey(context);
    const known = decisions.get(key);
    if (known !== undefined) return known;
    const draw = createSeededRandom(hashSeed(`${seed}\u0000${key}`))();
    const decision = draw < options.rates[category];
    decisions.set(key, decision);
    return decision;
  }

  const summaryCalls = new Map<string, number>();
  function summarise(request: ModelRequest): Promise<ModelResponse> {
    const { context } = request;
    if (scripted.remainingSummarySteps(context) > 0) return scripted.complete(request);
    const key = turnKey(context);
    const call = summaryCalls.get(key) ?? 0;
    summaryCalls.set(key, call + 1);
    const random = createSeededRandom(hashSeed(`${seed}\u0000summary\u0000${key}\u0000${call}`));
    const failSummary = options.failSummary ?? 0;
    if (random() < failSummary) {
      const message = `simulated summariser failure (failSummary=${failSummary})`;
      return Promise.resolve({ ok: false, error: { kind: "server", status: 500, message, retryable: true } });
    }
    const summary = simulateCompactionSummary({
      conversation: conversationOf(request),
      previousSummary: previousSummaryOf(request),
      keepIds: options.keepIds ?? 1,
      random,
    });
    return Promise.resolve(streamResponseText(textResponse(summary), request));
  }

  return {
    id: options.id,
    requests,
    async complete(request) {
      requests.push(request);
      if (request.context.purpose === "compaction") return summarise(request);
      if (request.context.purpose === "memory_flush" && request.context.script.length === 0) {
        return streamResponseText(textResponse("NO_REPLY"), request);
      }
      const { category } = request.context;
      if (category === undefined) return scripted.complete(request);
      const playScript = complies(request.context, category) && request.context.script.length > 0;
      return playScript ? scripted.complete(request) : replies.complete(request);
    },
  };
}

function textResponse(text: string): ModelResponse {
  return {
    ok: true,
    message: { role: "assistant", content: [{ type: "text", text }], stopReason: "end_turn" },
    usage: ZERO_USAGE,
    costUsd: 0,
  };
}

/** One compliance decision per unit, session and turn (a model may serve several units). */
function turnKey(context: ModelCallContext): string {
  return `${context.unitId}\u0000${context.sessionKey}\u0000${context.turnIndex}`;
}
