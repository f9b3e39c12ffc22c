/**
 * Stored vectors of one model kept in memory for scoring a query against all of them at once,
 * kept in step with writes without reading the table again. Vectors sit in slots, one column
 * per dimension, so a query from the hash embedder (a handful of non-zero entries) reads a
 * handful of contiguous columns. `order` lists the live slots by chunk id, the tie-break order.
 */
export interface KeptVectors {
  dims: number;
  /** Store as float32 (the values sqlite-vec holds) rather than as the stored doubles. */
  float32: boolean;
  /** Slots in use, live or freed. */
  slots: number;
  /** `columns[d][slot]` is entry `d` of the slot's vector. */
  columns: (Float32Array | Float64Array)[];
  /** Norm of each slot's vector: the square root of its squares summed in dimension order. */
  norms: Float64Array;
  /** Chunk id of each slot; `undefined` once freed. */
  ids: (string | undefined)[];
  /** Live slots sorted by chunk id. */
  order: number[];
  slotOf: Map<string, number>;
}

function byId(kept: KeptVectors, id: string): number {
  let low = 0;
  let high = kept.order.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (kept.ids[kept.order[middle]!]! < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

function grow(kept: KeptVectors, needed: number): void {
  const capacity = kept.norms.length;
  if (needed <= capacity) return;
  const next = Math.max(needed, capacity * 2, 64);
  kept.columns = kept.columns.map((column) => {
    const larger = kept.float32 ? new Float32Array(next) : new Float64Array(next);
    larger.set(column);
    return larger;
  });
  const norms = new Float64Array(next);
  norms.set(kept.norms);
  kept.norms = norms;
}

/** Rebuilds the slots without the freed ones once they are a quarter of all. */
function compact(kept: KeptVectors): void {
  const live = kept.order.length;
  if (kept.slots - live <= Math.max(64, kept.slots / 4)) return;
  const columns = kept.columns.map(() => (kept.float32 ? new Float32Array(live) : new Float64Array(live)));
  const norms = new Float64Array(live);
  const ids: string[] = [];
  kept.order.forEach((slot, index) => {
    kept.columns.forEach((column, d) => {
      columns[d]![index] = column[slot]!;
    });
    norms[index] = kept.norms[slot]!;
    ids.push(kept.ids[slot]!);
  });
  Object.assign(kept, { columns, norms, ids, slots: live, order: ids.map((_, index) => index) });
  kept.slotOf = new Map(ids.map((id, index) => [id, index]));
}

/** Drops the vectors of these ids; unknown ids are ignored. */
export function forgetVectors(kept: KeptVectors, ids: readonly string[]): void {
  for (const id of ids) {
    const slot = kept.slotOf.get(id);
    if (slot === undefined) continue;
    kept.order.splice(byId(kept, id), 1);
    kept.slotOf.delete(id);
    kept.ids[slot] = undefined;
  }
  compact(kept);
}

/** Adds (or replaces) one vector; one of another length is ignored, as when building. */
export function keepVector(kept: KeptVectors, id: string, vector: ArrayLike<number>): void {
  if (vector.length !== kept.dims) return;
  forgetVectors(kept, [id]);
  const slot = kept.slots;
  grow(kept, slot + 1);
  kept.slots += 1;
  let squares = 0;
  for (let d = 0; d < kept.dims; d += 1) {
    const column = kept.columns[d]!;
    column[slot] = vector[d]!;
    squares += column[slot]! * column[slot]!;
  }
  kept.norms[slot] = Math.sqrt(squares);
  kept.ids[slot] = id;
  kept.slotOf.set(id, slot);
  kept.order.splice(byId(kept, id), 0, slot);
}

/** Keeps the vectors of length `dims` (others are left out). */
export function buildKeptVectors(options: {
  rows: readonly { id: string; vector: ArrayLike<number> }[];
  dims: number;
  float32: boolean;
}): KeptVectors {
  const rows = options.rows
    .filter((row) => row.vector.length === options.dims)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const kept: KeptVectors = {
    dims: options.dims,
    float32: options.float32,
    slots: 0,
    columns: Array.from({ length: options.dims }, () => (options.float32 ? new Float32Array(0) : new Float64Array(0))),
    norms: new Float64Array(0),
    ids: [],
    order: [],
    slotOf: new Map(),
  };
  grow(kept, rows.length);
  // Rows arrive sorted, so each lands at the end of `order`: no search needed.
  for (const row of rows) {
    if (kept.slotOf.has(row.id)) continue;
    const slot = kept.slots;
    kept.slots += 1;
    let squares = 0;
    for (let d = 0; d < kept.dims; d += 1) {
      const column = kept.columns[d]!;
      column[slot] = row.vector[d]!;
      squares += column[slot]! * column[slot]!;
    }
    kept.norms[slot] = Math.sqrt(squares);
    kept.ids[slot] = row.id;
    kept.slotOf.set(row.id, slot);
    kept.order.push(slot);
  }
  return kept;
}

/** The vector in one slot, as stored. */
export function keptVector(kept: KeptVectors, slot: number): Float32Array | Float64Array {
  const vector = kept.float32 ? new Float32Array(kept.dims) : new Float64Array(kept.dims);
  for (let d = 0; d < kept.dims; d += 1) vector[d] = kept.columns[d]![slot]!;
  return vector;
}

/** Cosine scores of every slot against a query, and which slots share a non-zero entry with it. */
export interface KeptVectorScores {
  /** By slot: cosine similarity; exactly 0 when either norm is 0 or no non-zero entries meet. */
  scores: Float64Array;
  /** By slot: 1 where some entry is non-zero in both the query and the vector. */
  overlaps: Uint8Array;
}

/**
 * Cosine of `query` (length `dims`) with every slot, summing products in dimension order over
 * the query's non-zero entries only: the skipped terms are zero, so each result equals the full
 * sum exactly. Freed slots score too; callers walk `order`.
 */
export function scoreKeptVectors(kept: KeptVectors, query: readonly number[]): KeptVectorScores {
  const count = kept.slots;
  const dots = new Float64Array(count);
  const overlaps = new Uint8Array(count);
  let querySquares = 0;
  for (let d = 0; d < kept.dims; d += 1) {
    const q = query[d]!;
    querySquares += q * q;
    if (q === 0) continue;
    const column = kept.columns[d]!;
    // No branch on zero entries: adding a zero product leaves a sum unchanged.
    for (let slot = 0; slot < count; slot += 1) {
      const value = column[slot]!;
      dots[slot] = dots[slot]! + q * value;
      overlaps[slot] = overlaps[slot]! | (value === 0 ? 0 : 1);
    }
  }
  const queryNorm = Math.sqrt(querySquares);
  const scores = new Float64Array(count);
  if (querySquares === 0) return { scores, overlaps };
  // A slot sharing no non-zero entry has a dot product of exactly 0, so its score stays 0.
  for (let slot = 0; slot < count; slot += 1) {
    if (overlaps[slot] === 0) continue;
    const norm = kept.norms[slot]!;
    scores[slot] = norm === 0 ? 0 : dots[slot]! / (queryNorm * norm);
  }
  return { scores, overlaps };
}

/** What {@link rankKeptVectors} found, as slots. */
export interface KeptVectorRanking {
  scores: Float64Array;
  /** The `limit` best live slots, best first: higher score, then lower chunk id. */
  top: number[];
  /** Live slots sharing a non-zero entry with the query and scoring at least the cut minus `margin`. */
  near: number[];
  /** The first `limit` live slots by chunk id that share no non-zero entry with the query (score exactly 0). */
  disjoint: number[];
}

/**
 * Scores every slot ({@link scoreKeptVectors}) and, in one walk through `order`, keeps the
 * `limit` best (non-finite scores left out), the slots within `margin` of the cut, and the
 * first disjoint slots. Linear in the number of slots for a small limit.
 */
export function rankKeptVectors(
  kept: KeptVectors,
  query: readonly number[],
  options: { limit: number; margin: number },
): KeptVectorRanking {
  const { scores, overlaps } = scoreKeptVectors(kept, query);
  const { limit, margin } = options;
  // A heap of order positions whose root is the weakest kept: lowest score, then highest position.
  const heap: number[] = [];
  const weaker = (a: number, b: number) => {
    const left = scores[kept.order[a]!]!;
    const right = scores[kept.order[b]!]!;
    return left < right || (left === right && a > b);
  };
  const siftDown = () => {
    for (let index = 0; ; ) {
      const left = index * 2 + 1;
      let weakest = index;
      if (left < heap.length && weaker(heap[left]!, heap[weakest]!)) weakest = left;
      if (left + 1 < heap.length && weaker(heap[left + 1]!, heap[weakest]!)) weakest = left + 1;
      if (weakest === index) return;
      [heap[index], heap[weakest]] = [heap[weakest]!, heap[index]!];
      index = weakest;
    }
  };
  const near: number[] = [];
  const disjoint: number[] = [];
  const { order } = kept;
  let cut = Number.NEGATIVE_INFINITY;
  for (let position = 0; position < order.length; position += 1) {
    const slot = order[position]!;
    const score = scores[slot]!;
    const overlapping = overlaps[slot] === 1;
    if (!overlapping && disjoint.length < limit) disjoint.push(slot);
    if (!Number.isFinite(score)) continue;
    if (heap.length < limit) {
      heap.push(position);
      for (let index = heap.length - 1; index > 0 && weaker(heap[index]!, heap[(index - 1) >> 1]!); ) {
        [heap[index], heap[(index - 1) >> 1]] = [heap[(index - 1) >> 1]!, heap[index]!];
        index = (index - 1) >> 1;
      }
      if (heap.length === limit) cut = scores[order[heap[0]!]!]!;
    } else if (score > cut) {
      // An equal score at a later position is the weaker one, so only a higher score enters.
      heap[0] = position;
      siftDown();
      cut = scores[order[heap[0]!]!]!;
    }
    if (overlapping && score >= cut - margin) near.push(slot);
  }
  const top = heap.sort((a, b) => (weaker(a, b) ? 1 : weaker(b, a) ? -1 : 0)).map((position) => order[position]!);
  return { scores, top, near: near.filter((slot) => scores[slot]! >= cut - margin), disjoint };
}
