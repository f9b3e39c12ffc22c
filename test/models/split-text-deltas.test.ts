import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitTextDeltas, TEXT_DELTA_MAX_CHARS } from "../../src/models/split-text-deltas.js";
import { assertProperty } from "../support/assert-property.js";

describe("splitTextDeltas", () => {
  it.each([
    ["", []],
    ["NO_REPLY", ["NO_RE", "PLY"]],
    ["HEARTBEAT_OK", ["HEART", "BEAT_", "OK"]],
    ["Done.\n\nNO_REPLY", ["Done.", "\n\nNO_RE", "PLY"]],
    ["  hi there ", ["  hi", " there", " "]],
    ["ok", ["ok"]],
    ["😄😄😄😄😄😄 x", ["😄😄😄😄😄", "😄", " x"]],
  ])("splits %j into %j", (text, pieces) => {
    expect(splitTextDeltas(text)).toEqual(pieces);
  });

  it("gives non-empty pieces that concatenate to the text, each word part at most the maximum", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "B", "_", " ", "\n", "😄", "é", "."), maxLength: 60 });
    assertProperty(
      fc.property(text, (input) => {
        const pieces = splitTextDeltas(input);
        expect(pieces.join("")).toBe(input);
        for (const piece of pieces) {
          expect(piece).not.toBe("");
          expect(Array.from(piece.trimStart()).length).toBeLessThanOrEqual(TEXT_DELTA_MAX_CHARS);
        }
      }),
    );
  });
});
