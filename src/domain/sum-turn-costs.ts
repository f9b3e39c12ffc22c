import type { TurnResult } from "./results.js";

/** The summed model cost of `turns` in US dollars, or `null` when any turn's cost is unknown. Pure. */
export function sumTurnCosts(turns: readonly Pick<TurnResult, "costUsd">[]): number | null {
  let total = 0;
  for (const turn of turns) {
    if (turn.costUsd === null) return null;
    total += turn.costUsd;
  }
  return total;
}
