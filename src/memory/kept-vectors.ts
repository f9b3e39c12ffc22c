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
  positionCache.delete(kept);
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
  positionCache.delete(kept);
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

/** Position of each slot in `order` (-1 for a freed slot); dropped by every write, rebuilt on the next ranking. */
const positionCache = new WeakMap<KeptVectors, Int32Array>();

function positionsOf(kept: KeptVectors): Int32Array {
  const cached = positionCache.get(kept);
  if (cached !== undefined) return cached;
  const positions = new Int32Array(kept.slots).fill(-1);
  kept.order.forEach((slot, position) => {
    positions[slot] = position;
  });
  positionCache.set(kept, positions);
  return positions;
}

/** The cosine of a slot whose quick quotient was not finite: 0 for a zero dot product or norm, else the quotient. */
function zeroRule(dot: number, norm: number, queryNorm: number): number {
  return dot === 0 || norm === 0 ? 0 : dot / (queryNorm * norm);
}

/**
 * Cosine of each live slot (those with a position) into `scores`: products in dimension order
 * over the query's non-zero entries (`weights` of `columns`), the zero ones skipped, which is the
 * same sum as over every entry; a dot product or norm of 0 gives exactly 0. Dead slots keep
 * whatever they held. A function of its own, free of closures, so the hot loop stays tight.
 */
function scoreSlots(input: {
  scores: Float64Array;
  positions: Int32Array;
  norms: Float64Array;
  weights: readonly number[];
  columns: readonly (Float32Array | Float64Array)[];
  queryNorm: number;
  count: number;
}): void {
  const { scores, positions, norms, weights, columns, queryNorm, count } = input;
  const active = columns.length;
  // The common short queries (one to three non-zero entries) read their columns without a loop.
  const empty = new Float64Array(0);
  const [w0 = 0, w1 = 0, w2 = 0] = weights;
  const [c0 = empty, c1 = empty, c2 = empty] = columns;
  for (let slot = 0; slot < count; slot += 1) {
    if (positions[slot]! < 0) continue;
    let dot: number;
    if (active === 1) dot = 0 + w0 * c0[slot]!;
    else if (active === 2) dot = 0 + w0 * c0[slot]! + w1 * c1[slot]!;
    else if (active === 3) dot = 0 + w0 * c0[slot]! + w1 * c1[slot]! + w2 * c2[slot]!;
    else {
      dot = 0;
      for (let index = 0; index < active; index += 1) dot += weights[index]! * columns[index]![slot]!;
    }
    const score = dot / (queryNorm * norms[slot]!);
    // Finite in the common case; 0/0 and x/0 are rare, so the branch is almost never taken.
    scores[slot] = score - score === 0 ? score : zeroRule(dot, norms[slot]!, queryNorm);
  }
}

/** A buffer of `count` doubles owned by `kept`, reused from one ranking to the next. */
function scratchScores(kept: KeptVectors, count: number): Float64Array {
  const found = scratch.get(kept);
  if (found !== undefined && found.length >= count) return found.subarray(0, count);
  const fresh = new Float64Array(Math.max(count, 64));
  scratch.set(kept, fresh);
  return fresh.subarray(0, count);
}
const scratch = new WeakMap<KeptVectors, Float64Array>();

/** Whether slot `a` ranks below slot `b`: a lower score, or the same score later in `order`. */
function weakerSlot(scores: Float64Array, positions: Int32Array, a: number, b: number): boolean {
  const left = scores[a]!;
  const right = scores[b]!;
  return left < right || (left === right && positions[a]! > positions[b]!);
}

/**
 * One pass over the scored live slots: the `limit` best in a heap whose root is the weakest kept
 * (`cut` is its score once full, else -Infinity; non-finite scores left out), and every slot that
 * scored at least the cut minus `margin` at the time it was seen (a superset of the final ones).
 */
function selectBest(input: {
  scores: Float64Array;
  positions: Int32Array;
  count: number;
  limit: number;
  margin: number;
}): { heap: number[]; cut: number; near: number[] } {
  const { scores, positions, count, limit, margin } = input;
  const heap: number[] = [];
  const near: number[] = [];
  let cut = Number.NEGATIVE_INFINITY;
  for (let slot = 0; slot < count; slot += 1) {
    if (positions[slot]! < 0) continue;
    const score = scores[slot]!;
    // Most slots fall below the cut: one comparison (false for NaN, which is left out below).
    if (score < cut - margin) continue;
    if (!Number.isFinite(score)) continue;
    if (heap.length < limit) {
      heap.push(slot);
      for (let index = heap.length - 1; index > 0; ) {
        const parent = (index - 1) >> 1;
        if (!weakerSlot(scores, positions, heap[index]!, heap[parent]!)) break;
        [heap[index], heap[parent]] = [heap[parent]!, heap[index]!];
        index = parent;
      }
      if (heap.length === limit) cut = scores[heap[0]!]!;
    } else if (score >= cut && weakerSlot(scores, positions, heap[0]!, slot)) {
      heap[0] = slot;
      for (let index = 0; ; ) {
        const left = index * 2 + 1;
        let weakest = index;
        if (left < heap.length && weakerSlot(scores, positions, heap[left]!, heap[weakest]!)) weakest = left;
        if (left + 1 < heap.length && weakerSlot(scores, positions, heap[left + 1]!, heap[weakest]!))
          weakest = left + 1;
        if (weakest === index) break;
        [heap[index], heap[weakest]] = [heap[weakest]!, heap[index]!];
        index = weakest;
      }
      cut = scores[heap[0]!]!;
    }
    if (score >= cut - margin) near.push(slot);
  }
  return { heap, cut, near };
}

/** What {@link rankKeptVectors} found, as slots. */
export interface KeptVectorRanking {
  /** By slot: cosine similarity with the query; valid until the next ranking of the same vectors. */
  scores: Float64Array;
  /** The `limit` best live slots, best first: higher score, then lower chunk id. */
  top: number[];
  /** Live slots sharing a non-zero entry with the query and scoring at least the cut minus `margin`, by chunk id. */
  near: number[];
  /**
   * When the cut minus `margin` is at most 0 (so a score of exactly 0 could still make the list):
   * the first `limit` live slots by chunk id that share no non-zero entry with the query (their
   * score is exactly 0). Otherwise empty.
   */
  disjoint: number[];
}

/**
 * Cosine of `query` (length `dims`) with every live slot, and in the same pass the `limit` best
 * (higher score, then earlier in `order`, i.e. lower chunk id; non-finite scores left out) and
 * the slots within `margin` of the cut. Products are summed in dimension order over the query's
 * non-zero entries only: the skipped terms are zero, so each dot product equals the full sum
 * exactly. A slot whose dot product is 0 (no shared non-zero entry, or a cancellation) or whose
 * norm is 0 scores exactly 0. Linear in the number of slots for a small limit.
 */
export function rankKeptVectors(
  kept: KeptVectors,
  query: readonly number[],
  options: { limit: number; margin: number },
): KeptVectorRanking {
  const count = kept.slots;
  const scores = scratchScores(kept, count);
  const activeDims: number[] = [];
  let querySquares = 0;
  for (let d = 0; d < kept.dims; d += 1) {
    const q = query[d]!;
    querySquares += q * q;
    if (q !== 0) activeDims.push(d);
  }
  const weights = activeDims.map((d) => query[d]!);
  const columns = activeDims.map((d) => kept.columns[d]!);
  const queryNorm = Math.sqrt(querySquares);
  const { limit, margin } = options;
  const positions = positionsOf(kept);
  const { norms } = kept;
  scoreSlots({ scores, positions, norms, weights, columns, queryNorm, count });
  const { heap, cut, near } = selectBest({ scores, positions, count, limit, margin });
  const weaker = (a: number, b: number) => weakerSlot(scores, positions, a, b);
  const floor = cut - margin;
  const overlaps = (slot: number) => activeDims.some((d) => kept.columns[d]![slot] !== 0);
  const disjoint: number[] = [];
  if (!(floor > 0)) {
    for (const slot of kept.order) {
      if (disjoint.length === limit) break;
      if (!overlaps(slot)) disjoint.push(slot);
    }
  }
  return {
    scores,
    top: heap.sort((a, b) => (weaker(a, b) ? 1 : weaker(b, a) ? -1 : 0)),
    // Above a floor of 0 a slot scoring at least the floor has a non-zero dot product, so it overlaps.
    near: near
      .filter((slot) => scores[slot]! >= floor && (floor > 0 || overlaps(slot)))
      .sort((a, b) => positions[a]! - positions[b]!),
    disjoint,
  };
}
