import { describe, expect, it } from "vitest";
import { assembleSystemPrompt } from "../../src/prompt/assemble-system-prompt.js";
import { formatOwnerIds } from "../../src/prompt/format-owner-ids.js";
import { sanitizeForPromptLiteral } from "../../src/prompt/sanitize-for-prompt-literal.js";

describe("sanitizeForPromptLiteral (spec/prompt.md §4.4)", () => {
  it("removes Cc, Cf and the line/paragraph separators", () => {
    expect(sanitizeForPromptLiteral("/w\n\u202eX")).toBe("/wX");
    expect(sanitizeForPromptLiteral("a\u0000b\u007fc\u0085d\u200be\u2028f\u2029g\ufeffh\u00adi")).toBe("abcdefghi");
    expect(sanitizeForPromptLiteral("/tmp/ünïcode 路径 😀")).toBe("/tmp/ünïcode 路径 😀");
  });

  it("is applied to the spec's path fields and nowhere else", () => {
    const text = assembleSystemPrompt({
      workspaceDir: "/w",
      runtimeInfo: { host: "h\u200bost" },
      contextFiles: [{ path: "/w/\u200bA.md", content: "tab\there\u200b" }],
      extraSystemPrompt: "zero\u200bwidth",
    });
    expect(text).toContain("host=h\u200bost");
    expect(text).toContain("## /w/\u200bA.md\ntab\there\u200b");
    expect(text).toContain("zero\u200bwidth");
  });
});

describe("formatOwnerIds (spec/prompt.md §6.14)", () => {
  it("matches the spec's table", () => {
    expect(formatOwnerIds({ ownerNumbers: [" +15550001 ", "", "+15550002"], display: "raw" })).toEqual([
      "+15550001",
      "+15550002",
    ]);
    expect(formatOwnerIds({ ownerNumbers: ["+15550001"], display: "hash" })).toEqual(["ada37e314e8d"]);
    expect(formatOwnerIds({ ownerNumbers: ["+15550001", " alice "], display: "hash", secret: " s3cret " })).toEqual([
      "7669e78457c1",
      "765542af1f1d",
    ]);
  });

  it("hashes by default and for unknown display values; a blank secret means plain SHA-256", () => {
    expect(formatOwnerIds({ ownerNumbers: ["+15550001"] })).toEqual(["ada37e314e8d"]);
    expect(formatOwnerIds({ ownerNumbers: ["+15550001"], display: "Raw" })).toEqual(["ada37e314e8d"]);
    expect(formatOwnerIds({ ownerNumbers: ["+15550001"], secret: "  " })).toEqual(["ada37e314e8d"]);
    expect(formatOwnerIds({ ownerNumbers: [" ", ""] })).toEqual([]);
  });
});
