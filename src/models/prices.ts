/**
 * Per-million-token list prices in USD, as published by the providers. Provider prices change:
 * users should update this table (and `asOf`) when they do; a model missing here costs `null`,
 * never 0.
 *
 * `input` is the price of uncached input tokens, `cacheRead` of tokens served from the prompt
 * cache, `cacheWrite` of tokens written to it (Anthropic's 5-minute cache write; OpenAI bills no
 * write surcharge, so there it equals `input`). Long-context surcharges and batch discounts are
 * not modelled.
 */
export interface ModelPrice {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface PriceTable {
  /** The date (YYYY-MM-DD) on which these prices are believed to have held. */
  asOf: string;
  source: string;
  anthropic: Readonly<Record<string, ModelPrice>>;
  openai: Readonly<Record<string, ModelPrice>>;
}

const OPUS_4: ModelPrice = { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 };
const SONNET: ModelPrice = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };

export const PRICES: PriceTable = {
  asOf: "2025-11-24",
  source:
    "public list prices: https://www.anthropic.com/pricing (Claude API) and https://openai.com/api/pricing (standard tier)",
  anthropic: {
    "claude-opus-4-5": { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 },
    "claude-opus-4-1": OPUS_4,
    "claude-opus-4-0": OPUS_4,
    "claude-opus-4": OPUS_4,
    "claude-sonnet-4-5": SONNET,
    "claude-sonnet-4-0": SONNET,
    "claude-sonnet-4": SONNET,
    "claude-3-7-sonnet": SONNET,
    "claude-haiku-4-5": { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 },
    "claude-3-5-haiku": { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1 },
    "claude-3-haiku": { input: 0.25, output: 1.25, cacheRead: 0.03, cacheWrite: 0.3 },
  },
  openai: {
    "gpt-5.1": { input: 1.25, output: 10, cacheRead: 0.125, cacheWrite: 1.25 },
    "gpt-5": { input: 1.25, output: 10, cacheRead: 0.125, cacheWrite: 1.25 },
    "gpt-5-mini": { input: 0.25, output: 2, cacheRead: 0.025, cacheWrite: 0.25 },
    "gpt-5-nano": { input: 0.05, output: 0.4, cacheRead: 0.005, cacheWrite: 0.05 },
    "gpt-4.1": { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 2 },
    "gpt-4.1-mini": { input: 0.4, output: 1.6, cacheRead: 0.1, cacheWrite: 0.4 },
    "gpt-4.1-nano": { input: 0.1, output: 0.4, cacheRead: 0.025, cacheWrite: 0.1 },
    "gpt-4o": { input: 2.5, output: 10, cacheRead: 1.25, cacheWrite: 2.5 },
    "gpt-4o-mini": { input: 0.15, output: 0.6, cacheRead: 0.075, cacheWrite: 0.15 },
    o3: { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 2 },
    "o3-mini": { input: 1.1, output: 4.4, cacheRead: 0.55, cacheWrite: 1.1 },
    "o4-mini": { input: 1.1, output: 4.4, cacheRead: 0.275, cacheWrite: 1.1 },
  },
};
