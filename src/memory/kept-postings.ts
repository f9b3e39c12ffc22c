/**
 * The keyword index of a memory database kept in memory: for each term, the chunks holding it
 * and how often, so an FTS5 `bm25()` ranking can be computed from postings instead of by FTS5
 * row by row (memory.md §6.1). Chunks sit in slots handed out in increasing order, so every
 * term's postings are sorted by slot; a deleted chunk's slot is marked dead and its postings
 * are dropped when dead slots pile up.
 */
export interface KeptPostings {
  /** Slots handed out, live or dead. */
  slots: number;
  /** By slot: the chunk's FTS rowid. */
  rowids: Float64Array;
  /** By slot: the chunk's token count (FTS5's column size). */
  lengths: Int32Array;
  /** By slot: 1 while the chunk is in the index. */
  live: Uint8Array;
  /** By slot: 1 when the chunk's text could not be tokenized here (it has no postings). */
  unsupported: Uint8Array;
  slotOf: Map<number, number>;
  terms: Map<string, TermPostings>;
  liveChunks: number;
  deadSlots: number;
  /** Tokens over the live chunks (FTS5's total column size). */
  totalTokens: number;
  /** Live chunks marked `unsupported`; while any is left, rankings are refused. */
  unsupportedChunks: number;
}

/** One term's postings, sorted by slot. */
interface TermPostings {
  size: number;
  slots: Int32Array;
  counts: Uint16Array;
}

/** Most tokens a chunk may have here (term counts are 16-bit); a longer one is unsupported. */
const MAX_CHUNK_TOKENS = 65_535;

/** FTS5's `bm25()` constants. */
const K1 = 1.2;
const B = 0.75;

export function createKeptPostings(): KeptPostings {
  return {
    slots: 0,
    rowids: new Float64Array(64),
    lengths: new Int32Array(64),
    live: new Uint8Array(64),
    unsupported: new Uint8Array(64),
    slotOf: new Map(),
    terms: new Map(),
    liveChunks: 0,
    deadSlots: 0,
    totalTokens: 0,
    unsupportedChunks: 0,
  };
}

function grown<T extends Float64Array | Int32Array | Uint8Array | Uint16Array>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  const larger = new (array.constructor as new (length: number) => T)(Math.max(needed, array.length * 2));
  larger.set(array);
  return larger;
}

/**
 * Adds (or replaces) the chunk with FTS rowid `rowid` and the terms its text tokenizes to, in
 * text order; `undefined` terms mark it unsupported.
 */
export function keepPostings(kept: KeptPostings, rowid: number, terms: readonly string[] | undefined): void {
  forgetPostings(kept, [rowid]);
  const slot = kept.slots;
  kept.slots += 1;
  kept.rowids = grown(kept.rowids, kept.slots);
  kept.lengths = grown(kept.lengths, kept.slots);
  kept.live = grown(kept.live, kept.slots);
  kept.unsupported = grown(kept.unsupported, kept.slots);
  kept.rowids[slot] = rowid;
  kept.live[slot] = 1;
  kept.slotOf.set(rowid, slot);
  kept.liveChunks += 1;
  if (terms === undefined || terms.length > MAX_CHUNK_TOKENS) {
    kept.unsupported[slot] = 1;
    kept.lengths[slot] = 0;
    kept.unsupportedChunks += 1;
    return;
  }
  kept.unsupported[slot] = 0;
  kept.lengths[slot] = terms.length;
  kept.totalTokens += terms.length;
  for (const term of terms) {
    let postings = kept.terms.get(term);
    if (postings === undefined) {
      postings = { size: 0, slots: new Int32Array(4), counts: new Uint16Array(4) };
      kept.terms.set(term, postings);
    }
    const last = postings.size - 1;
    if (last >= 0 && postings.slots[last] === slot) {
      postings.counts[last] = postings.counts[last]! + 1;
      continue;
    }
    postings.slots = grown(postings.slots, postings.size + 1);
    postings.counts = grown(postings.counts, postings.size + 1);
    postings.slots[postings.size] = slot;
    postings.counts[postings.size] = 1;
    postings.size += 1;
  }
}

/** Drops these chunks (by FTS rowid); unknown rowids are ignored. */
export function forgetPostings(kept: KeptPostings, rowids: readonly number[]): void {
  for (const rowid of rowids) {
    const slot = kept.slotOf.get(rowid);
    if (slot === undefined) continue;
    kept.slotOf.delete(rowid);
    kept.live[slot] = 0;
    kept.liveChunks -= 1;
    kept.deadSlots += 1;
    if (kept.unsupported[slot] === 1) kept.unsupportedChunks -= 1;
    else kept.totalTokens -= kept.lengths[slot]!;
  }
  if (kept.deadSlots > Math.max(1_024, kept.liveChunks / 4)) compact(kept);
}

/** Renumbers the live slots from 0 (keeping their order) and drops the dead ones' postings. */
function compact(kept: KeptPostings): void {
  const renumbered = new Int32Array(kept.slots).fill(-1);
  let next = 0;
  for (let slot = 0; slot < kept.slots; slot += 1) {
    if (kept.live[slot] === 0) continue;
    renumbered[slot] = next;
    kept.rowids[next] = kept.rowids[slot]!;
    kept.lengths[next] = kept.lengths[slot]!;
    kept.unsupported[next] = kept.unsupported[slot]!;
    kept.live[next] = 1;
    next += 1;
  }
  kept.live.fill(0, next);
  kept.slots = next;
  kept.deadSlots = 0;
  for (const [rowid, slot] of kept.slotOf) kept.slotOf.set(rowid, renumbered[slot]!);
  for (const [term, postings] of kept.terms) {
    let size = 0;
    for (let index = 0; index < postings.size; index += 1) {
      const slot = renumbered[postings.slots[index]!]!;
      if (slot < 0) continue;
      postings.slots[size] = slot;
      postings.counts[size] = postings.counts[index]!;
      size += 1;
    }
    if (size === 0) kept.terms.delete(term);
    else postings.size = size;
  }
}

/** Chunks that could make a keyword top list: FTS rowids with their `bm25()` ranks. */
export interface KeptPostingsRanking {
  rowids: number[];
  ranks: number[];
}

/** Live chunks among a term's postings: FTS5's hit count for a one-term phrase. */
function liveCount(kept: KeptPostings, postings: TermPostings): number {
  let count = 0;
  for (let index = 0; index < postings.size; index += 1) count += kept.live[postings.slots[index]!]!;
  return count;
}

/**
 * FTS5's `bm25()` for a MATCH of one-term phrases joined by AND, over every live chunk holding
 * all of them: for each phrase, in order, `idf × f(k1+1) / (f + k1(1 − b + b·D/avgdl))` summed
 * and negated, with FTS5's constants, idf `log((N − n + 0.5) / (n + 0.5))` (1e-6 when not
 * positive), N the live chunks, n those holding the term, D the chunk's tokens and avgdl the
 * tokens per chunk; the arithmetic follows FTS5's order, and `log` should be the one FTS5 links
 * (SQLite's `ln`) so the ranks are the same doubles. Returns every match ranked at or better than
 * the `limit`-th best (ties at the cut included, as the tie-break by chunk id is the caller's),
 * or `undefined` while a live chunk is unsupported. Linear in the terms' postings.
 */
export function rankKeptPostings(
  kept: KeptPostings,
  phrases: readonly string[],
  options: { limit: number; log: (value: number) => number },
): KeptPostingsRanking | undefined {
  if (kept.unsupportedChunks > 0) return undefined;
  const none: KeptPostingsRanking = { rowids: [], ranks: [] };
  const limit = Math.floor(options.limit);
  if (limit <= 0 || phrases.length === 0 || kept.liveChunks === 0) return none;
  const distinct = [...new Set(phrases)];
  const lists: TermPostings[] = [];
  for (const term of distinct) {
    const postings = kept.terms.get(term);
    if (postings === undefined) return none;
    lists.push(postings);
  }
  const rows = kept.liveChunks;
  const idfOf = lists.map((postings) => {
    const hits = liveCount(kept, postings);
    const idf = options.log((rows - hits + 0.5) / (hits + 0.5));
    return idf <= 0 ? 1e-6 : idf;
  });
  const termIndex = phrases.map((term) => distinct.indexOf(term));
  const idfs = termIndex.map((index) => idfOf[index]!);
  const averageLength = kept.totalTokens / rows;
  // Walk the shortest list; the others follow with cursors (every list is sorted by slot).
  const order = lists.map((_, index) => index).sort((a, b) => lists[a]!.size - lists[b]!.size);
  const driver = lists[order[0]!]!;
  const cursors = new Int32Array(lists.length);
  const counts = new Float64Array(lists.length);
  const matchedSlots: number[] = [];
  const matchedRanks: number[] = [];
  // A max-heap of the best `limit` ranks so far (lower is better); its root is the cut.
  const heap: number[] = [];
  walk: for (let position = 0; position < driver.size; position += 1) {
    const slot = driver.slots[position]!;
    if (kept.live[slot] === 0) continue;
    counts[order[0]!] = driver.counts[position]!;
    for (let other = 1; other < order.length; other += 1) {
      const list = lists[order[other]!]!;
      let cursor = cursors[other]!;
      while (cursor < list.size && list.slots[cursor]! < slot) cursor += 1;
      cursors[other] = cursor;
      if (cursor === list.size) break walk;
      if (list.slots[cursor] !== slot) continue walk;
      counts[order[other]!] = list.counts[cursor]!;
    }
    const length = kept.lengths[slot]!;
    let score = 0.0;
    for (let phrase = 0; phrase < phrases.length; phrase += 1) {
      const frequency = counts[termIndex[phrase]!]!;
      score += idfs[phrase]! * ((frequency * (K1 + 1.0)) / (frequency + K1 * (1 - B + (B * length) / averageLength)));
    }
    const rank = -1.0 * score;
    matchedSlots.push(slot);
    matchedRanks.push(rank);
    if (heap.length < limit) {
      heap.push(rank);
      for (let index = heap.length - 1; index > 0 && heap[index]! > heap[(index - 1) >> 1]!; ) {
        const parent = (index - 1) >> 1;
        [heap[index], heap[parent]] = [heap[parent]!, heap[index]!];
        index = parent;
      }
    } else if (rank < heap[0]!) {
      heap[0] = rank;
      for (let index = 0; ; ) {
        const left = index * 2 + 1;
        let largest = index;
        if (left < heap.length && heap[left]! > heap[largest]!) largest = left;
        if (left + 1 < heap.length && heap[left + 1]! > heap[largest]!) largest = left + 1;
        if (largest === index) break;
        [heap[index], heap[largest]] = [heap[largest]!, heap[index]!];
        index = largest;
      }
    }
  }
  const cut = heap.length < limit ? Number.POSITIVE_INFINITY : heap[0]!;
  const ranking: KeptPostingsRanking = { rowids: [], ranks: [] };
  matchedSlots.forEach((slot, index) => {
    if (matchedRanks[index]! > cut) return;
    ranking.rowids.push(kept.rowids[slot]!);
    ranking.ranks.push(matchedRanks[index]!);
  });
  return ranking;
}
