// Guards against: vectors that are not unit length, order-dependent bag-of-words vectors, case leaking into vectors, batches that drop, repeat or reorder texts or exceed the token budget.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashEmbed } from "../../../src/memory/embedders/create-hash-embedder.js";
import { planEmbeddingBatches } from "../../../src/memory/embedders/plan-embedding-batches.js";
import { estimateTokens } from "../../../src/platform/estimate-tokens.js";
import { assertProperty } from "../../support/assert-property.js";

const word = fc.string({
  unit: fc.constantFrom("a", "b", "Z", "é", "_", "7", "草", "莓", "한"),
  minLength: 1,
  maxLength: 6,
});
const words = fc.array(word, { maxLength: 12 });
const dims = fc.integer({ min: 1, max: 64 });

describe("hash embedder properties", () => {
  it("every vector has length dims and L2 norm 1, or is all zeros", () => {
    assertProperty(
      fc.property(fc.string({ maxLength: 60 }), dims, (text, size) => {
        const vector = hashEmbed(text, size);
        expect(vector).toHaveLength(size);
        const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
        if (vector.some((value) => value !== 0)) expect(Math.abs(norm - 1)).toBeLessThan(1e-9);
      }),
    );
  });

  it("the vector ignores word order and letter case", () => {
    assertProperty(
      fc.property(words, dims, (list, size) => {
        const reversed = [...list].reverse().join(" ").toUpperCase();
        const forward = hashEmbed(list.join(" "), size);
        const backward = hashEmbed(reversed, size);
        for (const [index, value] of forward.entries()) {
          expect(Math.abs(value - (backward[index] ?? Number.NaN))).toBeLessThan(1e-12);
        }
      }),
    );
  });
});

describe("planEmbeddingBatches properties", () => {
  const texts = fc.array(fc.string({ maxLength: 120 }), { maxLength: 40 });
  const limits = fc.record({ maxTokens: fc.integer({ min: 1, max: 80 }), maxInputs: fc.integer({ min: 1, max: 8 }) });

  it("batches list every index once, in order, within the limits unless a text is alone", () => {
    assertProperty(
      fc.property(texts, limits, (list, limit) => {
        const batches = planEmbeddingBatches(list, limit);
        expect(batches.flat()).toEqual(list.map((_, index) => index));
        for (const batch of batches) {
          expect(batch.length).toBeGreaterThan(0);
          expect(batch.length).toBeLessThanOrEqual(limit.maxInputs);
          const tokens = batch.reduce((sum, index) => sum + estimateTokens(list[index] ?? ""), 0);
          if (batch.length > 1) expect(tokens).toBeLessThanOrEqual(limit.maxTokens);
        }
      }),
    );
  });
});
