import type { ComplianceCategory, Model, ModelCallContext, ModelRequest } from "../domain/index.js";
import { createSeededRandom, hashSeed } from "../platform/create-seeded-random.js";
import type { ComplianceRates } from "./parse-simulated-model-id.js";
import { createScriptedModel } from "./scripted-model.js";

export interface SimulatedModelOptions {
  /** The full model id, e.g. `simulated:careful?ack=0.9&seed=3`. */
  id: string;
  /** Probability of complying per compliance category. */
  rates: ComplianceRates;
  /** Seed of the compliance decisions (default 0). */
  seed?: number;
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

  return {
    id: options.id,
    requests,
    async complete(request) {
      requests.push(request);
      const { category } = request.context;
      if (category === undefined) return scripted.complete(request);
      const playScript = complies(request.context, category) && request.context.script.length > 0;
      return playScript ? scripted.complete(request) : replies.complete(request);
    },
  };
}

/** One compliance decision per unit, session and turn (a model may serve several units). */
function turnKey(context: ModelCallContext): string {
  return `${context.unitId}\u0000${context.sessionKey}\u0000${context.turnIndex}`;
}
