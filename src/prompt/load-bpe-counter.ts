import { type BpeCounter, createBpeCounter } from "./create-bpe-counter.js";
import { type LoadBpeRankTableOptions, loadBpeRankTable } from "./load-bpe-rank-table.js";

export type { BpeCounter } from "./create-bpe-counter.js";

/**
 * A counter of `o200k_base` tokens, equal to js-tiktoken's offline encoder on every text (see
 * {@link createBpeCounter}) but without loading it: the rank table comes from a compact cache
 * file (tens of ms), built from the package once per package version (see
 * {@link loadBpeRankTable}). Only `prompt --json` needs it, so callers load it lazily.
 */
export async function loadBpeCounter(options: LoadBpeRankTableOptions = {}): Promise<BpeCounter> {
  const { table, pretokenizer } = await loadBpeRankTable(options);
  return createBpeCounter({ table, pretokenizer });
}
