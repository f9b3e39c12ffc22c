// Guards the in-memory vector copy against: slots lost or duplicated across frees and
// compaction, the id order drifting from the slots, stale values after a replace, and a top-k
// that breaks ties by anything but the chunk id.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildKeptVectors,
  forgetVectors,
  keepVector,
  keptVector,
  rankKeptVectors,
} from "../../src/memory/kept-vectors.js";
import { assertProperty } from "../support/assert-property.js";

const DIMS = 4;
const vector = fc.array(fc.integer({ min: -2, max: 2 }), { minLength: DIMS, maxLength: DIMS });
const id = fc.integer({ min: 0, max: 99 }).map((n) => `c${String(n).padStart(3, "0")}`);
const operation = fc.oneof(
  fc.record({ kind: fc.constant("keep" as const), id, vector }),
  fc.record({ kind: fc.constant("forget" as const), ids: fc.array(id, { maxLength: 20 }) }),
);

function referenceTop(reference: Map<string, number[]>, query: number[], limit: number): string[] {
  const qq = query.reduce((sum, value) => sum + value * value, 0);
  return [...reference]
    .map(([key, values]) => {
      const vv = values.reduce((sum, value) => sum + value * value, 0);
      const dot = values.reduce((sum, value, d) => sum + value * query[d]!, 0);
      return { key, score: qq === 0 || vv === 0 ? 0 : dot / (Math.sqrt(qq) * Math.sqrt(vv)) };
    })
    .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1))
    .slice(0, limit)
    .map((entry) => entry.key);
}

describe("kept vectors", () => {
  it("stay equal to a plain map of id → vector across keeps, replaces, forgets and compactions", () => {
    assertProperty(
      fc.property(
        fc.array(fc.record({ id, vector }), { maxLength: 40 }),
        fc.array(operation, { minLength: 150, maxLength: 300 }),
        vector,
        fc.integer({ min: 1, max: 10 }),
        (initial, operations, query, limit) => {
          const reference = new Map<string, number[]>();
          for (const row of initial) if (!reference.has(row.id)) reference.set(row.id, row.vector);
          const kept = buildKeptVectors({ rows: initial, dims: DIMS, float32: false });
          for (const op of operations) {
            if (op.kind === "keep") {
              keepVector(kept, op.id, op.vector);
              reference.set(op.id, op.vector);
            } else {
              forgetVectors(kept, op.ids);
              for (const key of op.ids) reference.delete(key);
            }
          }
          const live = kept.order.map((slot) => kept.ids[slot]!);
          expect(live).toEqual([...reference.keys()].sort());
          for (const slot of kept.order) {
            expect([...keptVector(kept, slot)]).toEqual(reference.get(kept.ids[slot]!));
            expect(kept.slotOf.get(kept.ids[slot]!)).toBe(slot);
          }
          expect(kept.slotOf.size).toBe(reference.size);
          const ranking = rankKeptVectors(kept, query, { limit, margin: 0.25 });
          expect(ranking.top.map((slot) => kept.ids[slot])).toEqual(referenceTop(reference, query, limit));
          const cut = ranking.top.length < limit ? Number.NEGATIVE_INFINITY : ranking.scores[ranking.top.at(-1)!]!;
          const overlapping = (slot: number) =>
            keptVector(kept, slot).some((value, d) => value !== 0 && query[d] !== 0);
          expect(ranking.near).toEqual(
            kept.order.filter((slot) => overlapping(slot) && ranking.scores[slot]! >= cut - 0.25),
          );
          // Disjoint slots score exactly 0: they are listed only while 0 could still make the cut.
          expect(ranking.disjoint).toEqual(
            cut - 0.25 > 0 ? [] : kept.order.filter((slot) => !overlapping(slot)).slice(0, limit),
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});
