import { type ExpectationOf, type ExpectationResult, sumTurnCosts } from "../domain/index.js";
import type { ExpectationContext } from "./expectation-context.js";

/** Dollars to 4 significant digits, so that small per-turn costs stay visible: `$0.0001234`, `$0.05`. */
function formatUsd(usd: number): string {
  return `$${Number(usd.toPrecision(4))}`;
}

/**
 * `cost-max`: the turn's model cost (`per: "turn"`) or the unit's so far (`per: "unit"`, every
 * turn up to and including this one) is at most `maxUsd`. The cost is the one the run already
 * computed from the price table; an unknown cost (a model without a price) fails and says so.
 */
export function checkCostMax(expectation: ExpectationOf<"cost-max">, context: ExpectationContext): ExpectationResult {
  const { maxUsd, per } = expectation;
  const turns = per === "unit" ? context.unitTurns : [context.result];
  const cost = sumTurnCosts(turns);
  const scope = per === "unit" ? `the unit's ${turns.length === 1 ? "turn" : `${turns.length} turns`}` : "the turn";
  const expected = `${scope} cost at most ${formatUsd(maxUsd)}`;
  const base = { type: expectation.type, expected, location: expectation.location };
  if (cost === null) {
    const model = context.model === undefined ? "this model" : `model ${context.model}`;
    const message = `cost-max cannot be checked: the cost is unknown for ${model} (no price in the price table)`;
    return { ...base, pass: false, message, actual: "unknown cost" };
  }
  const pass = cost <= maxUsd;
  const message = pass
    ? `cost-max ${formatUsd(maxUsd)} (${scope} cost ${formatUsd(cost)})`
    : `${scope} cost ${formatUsd(cost)}, more than ${formatUsd(maxUsd)}`;
  return { ...base, pass, message, actual: formatUsd(cost) };
}
