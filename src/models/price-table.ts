import type { Usage } from "../domain/index.js";
import { type ModelPrice, PRICES, type PriceTable } from "./prices.js";

export type PricedProvider = "anthropic" | "openai";

/** A dated snapshot suffix (`-20250514`, `-2024-08-06`) or the `-latest` alias. */
const SNAPSHOT_SUFFIX = /-(?:\d{8}|\d{4}-\d{2}-\d{2}|latest)$/;

function own(prices: Readonly<Record<string, ModelPrice>>, key: string): ModelPrice | undefined {
  return Object.hasOwn(prices, key) ? prices[key] : undefined;
}

function lookupPrice(table: PriceTable, provider: PricedProvider, model: string): ModelPrice | undefined {
  const prices = table[provider];
  const exact = own(prices, model);
  if (exact !== undefined) return exact;
  const base = model.replace(SNAPSHOT_SUFFIX, "");
  return base === model ? undefined : own(prices, base);
}

/**
 * The price of a model in the checked-in table: by exact id, else by the id without its
 * dated-snapshot suffix (`claude-sonnet-4-20250514` -> `claude-sonnet-4`,
 * `gpt-4o-mini-2024-07-18` -> `gpt-4o-mini`). `undefined` when the table does not know it.
 */
export function priceFor(provider: PricedProvider, model: string): ModelPrice | undefined {
  return lookupPrice(PRICES, provider, model);
}

export interface ComputeCostOptions {
  provider: PricedProvider;
  model: string;
  /** `inputTokens` counts uncached input only; cache reads and writes are counted apart. */
  usage: Usage;
  /** Defaults to the checked-in {@link PRICES}. */
  table?: PriceTable;
}

/** USD cost of one call's usage; `null` (never 0) when the model's price is unknown. */
export function computeCostUsd(options: ComputeCostOptions): number | null {
  const price = lookupPrice(options.table ?? PRICES, options.provider, options.model);
  if (price === undefined) return null;
  const { usage } = options;
  const dollarsPerMillion =
    usage.inputTokens * price.input +
    usage.outputTokens * price.output +
    usage.cacheReadTokens * price.cacheRead +
    usage.cacheWriteTokens * price.cacheWrite;
  return dollarsPerMillion / 1_000_000;
}
