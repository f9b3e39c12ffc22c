import { describe, expect, it } from "vitest";
import { checkLatestAskReflected, extractAuditIdentifiers } from "../../src/context/extract-audit-identifiers.js";

describe("extractAuditIdentifiers (context.md §5.7)", () => {
  it("matches the §5.7 example exactly", () => {
    const text =
      "Track id a1b2c3d4e5f6 plus A1B2C3D4E5F6 and URL https://example.com/a and /var/log/x.log plus port host.local:18789";
    expect(extractAuditIdentifiers(text)).toEqual([
      "A1B2C3D4E5F6",
      "https://example.com/a",
      "/var/log/x.log",
      "host.local:18789",
    ]);
  });

  it("takes ≥ 6 digits but not short numbers alone", () => {
    expect(extractAuditIdentifiers("In 2026, 42 ports and 18789 but ticket 123456.")).toEqual(["123456"]);
  });

  it("strips wrapping punctuation and finds Windows paths", () => {
    expect(extractAuditIdentifiers('see (https://x.io/a?b=1), "C:\\tmp\\out.txt" and [deadbeef].')).toEqual([
      "https://x.io/a?b=1",
      "C:\\tmp\\out.txt",
      "DEADBEEF",
    ]);
  });

  it("ignores one-segment paths and relative paths", () => {
    expect(extractAuditIdentifiers("/tmp and src/app/main.ts and and/or/this")).toEqual([]);
  });

  it("keeps at most 12, deduplicated", () => {
    const text = Array.from({ length: 20 }, (_, index) => `${100000 + index} ${100000 + index}`).join(" ");
    const identifiers = extractAuditIdentifiers(text);
    expect(identifiers).toHaveLength(12);
    expect(identifiers[0]).toBe("100000");
    expect(identifiers[11]).toBe("100011");
  });
});

describe("checkLatestAskReflected (context.md §5.7)", () => {
  it("needs 2 keyword matches when the ask has ≥ 3 keywords", () => {
    const latestAsk = "Please migrate the billing database to Postgres before Friday";
    expect(checkLatestAskReflected({ latestAsk, summary: "Pending: billing migration to Postgres." })).toBe(true);
    expect(checkLatestAskReflected({ latestAsk, summary: "Pending: the billing report." })).toBe(false);
  });

  it("needs 1 match when the ask has fewer than 3 keywords", () => {
    expect(checkLatestAskReflected({ latestAsk: "Fix the tests", summary: "Working on tests." })).toBe(true);
    expect(checkLatestAskReflected({ latestAsk: "Fix the tests", summary: "Working on docs." })).toBe(false);
  });

  it("lower-cases and NFKC-normalises both sides", () => {
    expect(checkLatestAskReflected({ latestAsk: "Deploy ＡＰＩ gateway", summary: "deploy the api next" })).toBe(true);
  });

  it("ignores stop words and 1-char tokens; an ask of only those is reflected", () => {
    expect(checkLatestAskReflected({ latestAsk: "can you do it for me? a b c", summary: "unrelated" })).toBe(true);
    expect(checkLatestAskReflected({ latestAsk: "what is the x of it", summary: "what is the x of it" })).toBe(true);
  });

  it("matches CJK asks by two-char pairs", () => {
    const latestAsk = "请帮我统计草莓库存";
    expect(checkLatestAskReflected({ latestAsk, summary: "## Pending user asks\n- 统计草莓库存（进行中）" })).toBe(
      true,
    );
    expect(checkLatestAskReflected({ latestAsk, summary: "## Pending user asks\n- 更新价格表" })).toBe(false);
  });

  it("looks only at the first 12 keywords", () => {
    const words = Array.from({ length: 14 }, (_, index) => `word${String.fromCharCode(97 + index)}`);
    const latestAsk = words.join(" ");
    expect(checkLatestAskReflected({ latestAsk, summary: `${words[12]} ${words[13]}` })).toBe(false);
    expect(checkLatestAskReflected({ latestAsk, summary: `${words[0]} ${words[11]}` })).toBe(true);
  });
});
