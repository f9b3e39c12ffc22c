import { ClawEvalError } from "../../domain/index.js";
import { computeProviderKey } from "./compute-provider-key.js";
import type { Embedder } from "./embedder.js";
import { fnv1a32 } from "./fnv1a-32.js";
import { tokenizeForHash } from "./tokenize-for-hash.js";

/** Vector length of the default hash embedder (model `fnv1a-256`). */
export const DEFAULT_HASH_DIMS = 256;

const SIGN_BIT = 0x80000000;

/**
 * The deterministic hashed bag-of-words vector of `text` (memory.md §5.2): for each distinct
 * token of {@link tokenizeForHash}, `sign × (1 + ln tf)` is added at `fnv1a32(token) mod dims`
 * (sign −1 when bit 31 of the hash is set), then the vector is L2-normalised. No tokens ⇒ the
 * all-zero vector. Pure.
 */
export function hashEmbed(text: string, dims: number): number[] {
  const counts = new Map<string, number>();
  for (const token of tokenizeForHash(text)) counts.set(token, (counts.get(token) ?? 0) + 1);
  const vector = new Array<number>(dims).fill(0);
  for (const [token, tf] of counts) {
    const hash = fnv1a32(token);
    const index = hash % dims;
    const sign = (hash & SIGN_BIT) === 0 ? 1 : -1;
    vector[index] = (vector[index] ?? 0) + sign * (1 + Math.log(tf));
  }
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

export interface HashEmbedderOptions {
  /** Vector length, a positive integer; default {@link DEFAULT_HASH_DIMS}. The model is `fnv1a-<dims>`. */
  dims?: number;
}

/**
 * The offline embedder (`hash`, memory.md §5.2). Needs no network and never fails; the same
 * text always gives the same vector. Throws `invalid-input` when `dims` is not a positive integer.
 */
export function createHashEmbedder(options: HashEmbedderOptions = {}): Embedder {
  const dims = options.dims ?? DEFAULT_HASH_DIMS;
  if (!Number.isInteger(dims) || dims < 1) {
    throw new ClawEvalError("invalid-input", `hash embedder dims must be a positive integer, found ${dims}`);
  }
  const model = `fnv1a-${dims}`;
  return {
    id: "hash",
    model,
    dims,
    providerKey: computeProviderKey({ provider: "hash", model }),
    embedQuery: async (text) => hashEmbed(text, dims),
    embedBatch: async (texts) => texts.map((text) => hashEmbed(text, dims)),
  };
}
