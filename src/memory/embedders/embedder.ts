/** The embedding providers the runtime implements (memory.md §5.1). */
export type EmbedderId = "hash" | "openai";

/**
 * Turns text into vectors for the memory index (memory.md §5.1). Vectors of one embedder all
 * have the same length; `embedBatch` answers in input order. Failures reject (after any
 * retries the provider performs); the rejection message never contains an API key.
 */
export interface Embedder {
  readonly id: EmbedderId;
  /** Stored in `chunks.model` and the index meta; `fnv1a-256` for the default hash embedder. */
  readonly model: string;
  /** Vector length; `undefined` for a remote provider until its first successful response. */
  readonly dims: number | undefined;
  /**
   * A stable hex hash of the settings that change vectors (provider, model, base URL,
   * non-secret headers), never of the API key. A different value forces a full reindex (§3.1).
   */
  readonly providerKey: string;
  /** One vector for a search query. */
  embedQuery(text: string): Promise<number[]>;
  /** One vector per text, in input order; `[]` for no texts. */
  embedBatch(texts: readonly string[]): Promise<number[][]>;
}
