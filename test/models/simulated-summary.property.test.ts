// Guards against generated summaries inventing or reordering identifiers, ignoring keepIds at its bounds, and the quoted ask leaking dropped identifiers.
import fc from "fast-check";
import { describe, it } from "vitest";
import { simulateCompactionSummary } from "../../src/models/simulate-compaction-summary.js";
import { createSeededRandom } from "../../src/platform/create-seeded-random.js";
import { extractIdentifiers, summaryContainsIdentifier } from "../../src/platform/extract-identifiers.js";
import { assertProperty } from "../support/assert-property.js";

const word = fc.constantFrom("deploy", "check", "the", "logs", "then", "report", "back", "please", "and");
const fileName = fc
  .tuple(fc.stringMatching(/^[a-z]{2,6}$/), fc.constantFrom("md", "ts", "yaml", "json"))
  .map(([stem, extension]) => `${stem}.${extension}`);
const hexHash = fc.stringMatching(/^[0-9a-f]{7,10}$/).filter((text) => /\d/.test(text) && /[a-f]/.test(text));
const numberWithUnit = fc
  .tuple(fc.integer({ min: 1, max: 999 }), fc.constantFrom(" s", "ms", " min", " MB", "%"))
  .map(([value, unit]) => `${value}${unit}`);
const longNumber = fc.integer({ min: 100_000, max: 99_999_999 }).map(String);
const token = fc.oneof(word, word, fileName, hexHash, numberWithUnit, longNumber);
const userPart = fc.array(token, { minLength: 1, maxLength: 25 }).map((tokens) => `[User]: ${tokens.join(" ")}`);
const conversation = fc
  .array(fc.oneof(userPart, fc.constant("[Assistant]: On it.")), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join("\n\n"));

function listedIdentifiers(summary: string): string[] {
  const section = summary.split("## Exact identifiers\n")[1] ?? "";
  return section === "None captured." ? [] : section.split("\n").map((line) => line.slice(2));
}

describe("simulateCompactionSummary properties", () => {
  it("lists a subset of the conversation's identifiers in order of appearance, all at keepIds 1 and none at 0", () => {
    assertProperty(
      fc.property(conversation, fc.double({ min: 0, max: 1, noNaN: true }), fc.integer(), (text, keepIds, seed) => {
        const found = extractIdentifiers(text).map((identifier) => identifier.text);
        const listed = listedIdentifiers(
          simulateCompactionSummary({ conversation: text, keepIds, random: createSeededRandom(seed) }),
        );
        let cursor = 0;
        for (const identifier of listed) {
          cursor = found.indexOf(identifier, cursor) + 1;
          if (cursor === 0) return false;
        }
        if (keepIds === 1) return listed.length === found.length;
        if (keepIds === 0) return listed.length === 0;
        return true;
      }),
    );
  });

  it("contains none of the conversation's identifiers at keepIds 0 and all of them at keepIds 1", () => {
    assertProperty(
      fc.property(conversation, fc.integer(), (text, seed) => {
        const identifiers = extractIdentifiers(text);
        const none = simulateCompactionSummary({ conversation: text, keepIds: 0, random: createSeededRandom(seed) });
        const all = simulateCompactionSummary({ conversation: text, keepIds: 1, random: createSeededRandom(seed) });
        return (
          identifiers.every((identifier) => !summaryContainsIdentifier(none, identifier)) &&
          identifiers.every((identifier) => summaryContainsIdentifier(all, identifier))
        );
      }),
    );
  });
});
