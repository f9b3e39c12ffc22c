import { ClawEvalError } from "../../domain/index.js";

/** One `data[]` entry of an `/embeddings` response, as received. */
export interface EmbeddingDatum {
  index: number;
  embedding: unknown;
}

export interface ReadEmbeddingVectorsOptions {
  /** How many inputs the request carried. */
  expectedCount: number;
  /** The vector length seen before, if any; every vector must have it. */
  dims: number | undefined;
}

function invalid(message: string): ClawEvalError {
  return new ClawEvalError("invalid-input", `embeddings response: ${message}`);
}

function isVector(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === "number" && Number.isFinite(entry));
}

/**
 * The vectors of an `/embeddings` response in input order (by `data[i].index`), checked: one
 * vector per input, indexes `0 … n − 1` each once, finite numbers, one length throughout and
 * equal to `dims` when known. Throws `invalid-input` naming what was expected and what was found. Pure.
 */
export function readEmbeddingVectors(
  data: readonly EmbeddingDatum[],
  options: ReadEmbeddingVectorsOptions,
): number[][] {
  const { expectedCount } = options;
  if (data.length !== expectedCount) {
    throw invalid(`expected ${expectedCount} vectors, found ${data.length}`);
  }
  const vectors = new Array<number[] | undefined>(expectedCount).fill(undefined);
  for (const datum of data) {
    const { index } = datum;
    if (!Number.isInteger(index) || index < 0 || index >= expectedCount || vectors[index] !== undefined) {
      const found = data.map((entry) => String(entry.index)).join(", ");
      throw invalid(`expected indexes 0 to ${expectedCount - 1} once each, found ${found}`);
    }
    if (!isVector(datum.embedding)) {
      throw invalid(`expected vector ${index} to be an array of finite numbers`);
    }
    vectors[index] = datum.embedding;
  }
  const ordered = vectors.filter((vector): vector is number[] => vector !== undefined);
  const dims = options.dims ?? ordered[0]?.length;
  if (dims === 0) throw invalid("expected vectors of at least one dimension, found 0");
  ordered.forEach((vector, index) => {
    if (vector.length !== dims) {
      throw invalid(`expected ${dims} dimensions, found ${vector.length} in vector ${index}`);
    }
  });
  return ordered;
}
