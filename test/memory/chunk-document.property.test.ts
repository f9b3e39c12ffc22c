// Guards against: lost or duplicated lines, out-of-order chunks, altered chunk text, wrong line numbers on split long lines, and chunks that grow past maxChars plus the carried overlap.
import fc from "fast-check";
import { describe, it } from "vitest";
import { chunkDocument, type DocumentChunk } from "../../src/memory/chunk-document.js";
import { assertProperty } from "../support/assert-property.js";

interface Segment {
  line: number;
  text: string;
}

/** The spec's segments, written out independently: each line in maxChars pieces, an empty line as one empty piece. */
function segmentsOf(lines: readonly string[], maxChars: number): Segment[] {
  return lines.flatMap((text, index) => {
    if (text === "") return [{ line: index + 1, text }];
    const pieces: Segment[] = [];
    for (let start = 0; start < text.length; start += maxChars)
      pieces.push({ line: index + 1, text: text.slice(start, start + maxChars) });
    return pieces;
  });
}

/**
 * Whether the chunks can be laid over the segments in order: chunk k is segments [start, end)
 * joined by `\n` with matching line numbers; the first starts at 0, each next one starts no later
 * than the previous end (no gap) and ends later, the last ends at the last segment; and each
 * chunk's text is at most maxChars plus the cost of the segments it shares with the previous one.
 */
function alignsInOrder(
  chunks: readonly DocumentChunk[],
  segments: readonly Segment[],
  sizes: { maxChars: number; overlapChars: number },
): boolean {
  const failed = new Set<string>();
  const place = (k: number, start: number, previousEnd: number, previousStart: number): boolean => {
    const chunk = chunks[k];
    if (chunk === undefined) return previousEnd === segments.length;
    const key = `${k}:${start}`;
    if (failed.has(key)) return false;
    const pieces = chunk.text.split("\n");
    const end = start + pieces.length;
    const window = segments.slice(start, end);
    const carried = segments.slice(start, Math.max(start, previousEnd));
    const carriedCost = carried.reduce((sum, segment) => sum + segment.text.length + 1, 0);
    const firstCarriedCost = (carried[0]?.text.length ?? 0) + 1;
    // The carried tail is the shortest one reaching overlapChars, or the whole previous chunk.
    const carryIsMinimal =
      k === 0 ||
      (carried.length === 0
        ? sizes.overlapChars === 0
        : carriedCost - firstCarriedCost < sizes.overlapChars &&
          (carriedCost >= sizes.overlapChars || start === previousStart));
    const fits =
      end > previousEnd &&
      window.length === pieces.length &&
      window.every((segment, index) => segment.text === pieces[index]) &&
      window[0]?.line === chunk.startLine &&
      window.at(-1)?.line === chunk.endLine &&
      carryIsMinimal &&
      chunk.text.length <= sizes.maxChars + carriedCost;
    if (fits) {
      for (let next = start; next <= end; next += 1) if (place(k + 1, next, end, start)) return true;
      if (k === chunks.length - 1 && end === segments.length) return true;
    }
    failed.add(key);
    return false;
  };
  return place(0, 0, 0, 0);
}

const line = fc.oneof(
  fc.string({ maxLength: 12, unit: fc.constantFrom("a", "b", " ", "é") }),
  fc.string({ maxLength: 150, unit: fc.constantFrom("a", "b", "c", " ") }),
);

describe("chunkDocument properties", () => {
  it("covers every segment in order, with chunk text equal to its joined segments and the shortest carried tail reaching the overlap, and no chunk over maxChars plus that tail", () => {
    assertProperty(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: -5, max: 50 }),
        (lines, tokens, overlap) => {
          const maxChars = Math.max(32, tokens * 4);
          const overlapChars = Math.min(Math.max(0, overlap), tokens - 1) * 4;
          const chunks = chunkDocument({ text: lines.join("\n"), tokens, overlap });
          return alignsInOrder(chunks, segmentsOf(lines, maxChars), { maxChars, overlapChars });
        },
      ),
    );
  });

  it("covers every line number from 1 to the line count, in non-decreasing order", () => {
    assertProperty(
      fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 40 }), (lines, tokens) => {
        const chunks = chunkDocument({ text: lines.join("\n"), tokens, overlap: Math.floor(tokens / 3) });
        const covered = new Set<number>();
        for (const chunk of chunks) for (let n = chunk.startLine; n <= chunk.endLine; n += 1) covered.add(n);
        const ordered = chunks.every(
          (chunk, index) =>
            index === 0 ||
            (chunk.startLine >= chunks[index - 1]!.startLine && chunk.endLine >= chunks[index - 1]!.endLine),
        );
        return ordered && covered.size === lines.length && chunks.every((chunk) => chunk.endLine <= lines.length);
      }),
    );
  });
});
