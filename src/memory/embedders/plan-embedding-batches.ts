import { estimateTokens } from "../../platform/estimate-tokens.js";

/** Estimated tokens per embedding request (memory.md §4.2). */
export const EMBEDDING_BATCH_TOKENS = 8_000;
/** Inputs per embedding request; the OpenAI API refuses more. */
export const EMBEDDING_BATCH_INPUTS = 2_048;

export interface EmbeddingBatchLimits {
  /** Estimated tokens ({@link estimateTokens}) per batch; default {@link EMBEDDING_BATCH_TOKENS}. */
  maxTokens?: number;
  /** Texts per batch; default {@link EMBEDDING_BATCH_INPUTS}. */
  maxInputs?: number;
}

/**
 * Splits texts into consecutive batches of input indexes, filling each batch in order until the
 * next text would take it over `maxTokens` or `maxInputs`. A text over `maxTokens` on its own
 * gets a batch of its own. Every index appears exactly once, in ascending order. Pure.
 */
export function planEmbeddingBatches(texts: readonly string[], limits: EmbeddingBatchLimits = {}): number[][] {
  const maxTokens = limits.maxTokens ?? EMBEDDING_BATCH_TOKENS;
  const maxInputs = limits.maxInputs ?? EMBEDDING_BATCH_INPUTS;
  const batches: number[][] = [];
  let current: number[] = [];
  let tokens = 0;
  texts.forEach((text, index) => {
    const cost = estimateTokens(text);
    if (current.length > 0 && (tokens + cost > maxTokens || current.length >= maxInputs)) {
      batches.push(current);
      current = [];
      tokens = 0;
    }
    current.push(index);
    tokens += cost;
  });
  if (current.length > 0) batches.push(current);
  return batches;
}
