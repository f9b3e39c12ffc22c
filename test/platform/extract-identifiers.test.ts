import { describe, expect, it } from "vitest";
import type { Identifier, IdentifierClass } from "../../src/domain/index.js";
import {
  extractIdentifiers,
  MAX_IDENTIFIERS,
  summaryContainsIdentifier,
} from "../../src/platform/extract-identifiers.js";

const pairs = (text: string): [IdentifierClass, string][] =>
  extractIdentifiers(text).map((identifier) => [identifier.kind, identifier.normalised]);

const ofKind = (text: string, kind: IdentifierClass): string[] =>
  extractIdentifiers(text)
    .filter((identifier) => identifier.kind === kind)
    .map((identifier) => identifier.normalised);

const WORKED_EXAMPLE =
  'Deploy 3f9a2c1 to https://api.example.com/v2/orders?id=42. Config at\nconfig/prod.yaml, run 550e8400-e29b-41d4-a716-446655440000, timeout 30 s, strategy "blue-green",\nstock 3斤.';

describe("extractIdentifiers: the §8.1 worked example", () => {
  it("finds the 7 identifiers in order of appearance", () => {
    expect(extractIdentifiers(WORKED_EXAMPLE)).toEqual([
      { kind: "hex", text: "3f9a2c1", normalised: "3f9a2c1" },
      {
        kind: "url",
        text: "https://api.example.com/v2/orders?id=42",
        normalised: "https://api.example.com/v2/orders?id=42",
      },
      { kind: "path", text: "config/prod.yaml", normalised: "config/prod.yaml" },
      {
        kind: "uuid",
        text: "550e8400-e29b-41d4-a716-446655440000",
        normalised: "550e8400-e29b-41d4-a716-446655440000",
      },
      { kind: "number-unit", text: "30 s", normalised: "30s" },
      { kind: "quoted", text: '"blue-green"', normalised: "blue-green" },
      { kind: "number-unit", text: "3斤", normalised: "3斤" },
    ]);
  });

  it("a summary missing only the timeout keeps 6 of 7", () => {
    const summary =
      "## Exact identifiers\n- commit 3F9A2C1 deployed to https://api.example.com/v2/orders?id=42\n- config/prod.yaml, run 550E8400-E29B-41D4-A716-446655440000\n- strategy blue-green, stock 3 斤";
    const identifiers = extractIdentifiers(WORKED_EXAMPLE);
    const missing = identifiers.filter((identifier) => !summaryContainsIdentifier(summary, identifier));
    expect(missing.map((identifier) => identifier.normalised)).toEqual(["30s"]);
    expect((identifiers.length - missing.length) / identifiers.length).toBeCloseTo(0.857, 3);
  });
});

describe("extractIdentifiers per class", () => {
  it("URL: strips trailing punctuation, stops at quotes and angle brackets", () => {
    expect(pairs("See (https://a.io/x?y=1). Or <http://b.io/p>, 'https://c.io/q'!")).toEqual([
      ["url", "https://a.io/x?y=1"],
      ["url", "http://b.io/p"],
      ["url", "https://c.io/q"],
    ]);
    expect(pairs("ftp://a.io/x and https:// alone and httpss")).toEqual([]);
  });

  it("UUID: lower-cased; not inside a longer alphanumeric run", () => {
    expect(pairs("id=550E8400-E29B-41D4-A716-446655440000;")).toEqual([
      ["uuid", "550e8400-e29b-41d4-a716-446655440000"],
    ]);
    expect(ofKind("x550e8400-e29b-41d4-a716-446655440000 and 550e8400-e29b-41d4-a716-44665544000", "uuid")).toEqual([]);
  });

  it("hex: ≥ 7 chars with a digit and a letter a–f, standalone", () => {
    expect(pairs("commit A1B2C3D, sha256:deadbeef42 (3f9a2c1d).")).toEqual([
      ["hex", "a1b2c3d"],
      ["hex", "deadbeef42"],
      ["hex", "3f9a2c1d"],
    ]);
    expect(pairs("deadbeef cafe12 1234567 a1b2c3g4 x3f9a2c1d 0x3f9a2c1d")).toEqual([["long-number", "1234567"]]);
  });

  it("hex inside a path or file name stays part of the path", () => {
    expect(pairs("/var/cache/3f9a2c1d/x.log and assets/app.3f9a2c1d.js")).toEqual([
      ["path", "/var/cache/3f9a2c1d/x.log"],
      ["path", "assets/app.3f9a2c1d.js"],
    ]);
  });

  it("path: absolute with ≥ 2 segments, relative with an extension, Windows, bare file names", () => {
    expect(
      pairs("Open /etc/hosts, ./src/a.ts and ~/notes/todo.md; C:\\Users\\me\\a.txt. Then README.md and x.tar.gz."),
    ).toEqual([
      ["path", "/etc/hosts"],
      ["path", "./src/a.ts"],
      ["path", "~/notes/todo.md"],
      ["path", "C:\\Users\\me\\a.txt"],
      ["path", "README.md"],
      ["path", "x.tar.gz"],
    ]);
    expect(ofKind("/tmp and/or km/h src/lib e.g. x.md v1.2 3.5mb a.1b //comment //x/y", "path")).toEqual([]);
  });

  it("host: a.b:port and dotted IPv4 with an optional port", () => {
    expect(pairs("Connect db.internal:5432, 10.0.0.1:8080 or 192.168.1.20. Local host.local:18789")).toEqual([
      ["host", "db.internal:5432"],
      ["host", "10.0.0.1:8080"],
      ["host", "192.168.1.20"],
      ["host", "host.local:18789"],
    ]);
    expect(pairs("localhost:8080 ratio 3.5:1 at 12:30 bad 300.1.1.1 1.2.3")).toEqual([]);
  });

  it("number with unit: optional space, case-insensitive latin units, CJK units", () => {
    expect(pairs("took 250ms, 1.5 GB, 30 Sec, 12,5 %, 800 tokens; 草莓只剩3斤，共12元，2 小时")).toEqual([
      ["number-unit", "250ms"],
      ["number-unit", "1.5gb"],
      ["number-unit", "30sec"],
      ["number-unit", "12,5%"],
      ["number-unit", "800tokens"],
      ["number-unit", "3斤"],
      ["number-unit", "12元"],
      ["number-unit", "2小时"],
    ]);
    expect(pairs("5 seconds 2 days 3 hours 10 mbps x5ms 5  ms")).toEqual([]);
  });

  it("long number: ≥ 6 standalone digits", () => {
    expect(pairs("order 123456, ticket #98765432 订单号2026031112已发货")).toEqual([
      ["long-number", "123456"],
      ["long-number", "98765432"],
      ["long-number", "2026031112"],
    ]);
    expect(pairs("year 2026, port 18789, id v1234567, 12345_678901")).toEqual([]);
  });

  it("quoted: all five quote styles, 3–80 chars, no newline", () => {
    expect(pairs("Use \"blue green\", 'canary', `make build`, “发布计划”, 「灰度发布」.")).toEqual([
      ["quoted", "blue green"],
      ["quoted", "canary"],
      ["quoted", "make build"],
      ["quoted", "发布计划"],
      ["quoted", "灰度发布"],
    ]);
    expect(pairs(`"ab" "${"x".repeat(81)}" "split\nline" don't won't 'open`)).toEqual([]);
  });

  it("quoted: a string holding an earlier identifier is not itself one", () => {
    expect(pairs('"see /etc/hosts now" and "plain words"')).toEqual([
      ["path", "/etc/hosts"],
      ["quoted", "plain words"],
    ]);
  });
});

describe("extractIdentifiers in context", () => {
  it("finds identifiers inside fenced code blocks", () => {
    const text =
      "Run this:\n```bash\ncurl -s https://x.io/api | tee /tmp/out/r.json\ngit checkout 9fceb02d\n```\nDone.";
    expect(pairs(text)).toEqual([
      ["url", "https://x.io/api"],
      ["path", "/tmp/out/r.json"],
      ["hex", "9fceb02d"],
    ]);
  });

  it("finds identifiers in JSON tool output but not its keys", () => {
    const text = JSON.stringify({
      path: "notes/a.md",
      sha: "3f9a2c1d",
      addr: "db.internal:5432",
      count: 1234567,
      mode: "fast-forward",
      took: "250 ms",
    });
    expect(pairs(text)).toEqual([
      ["path", "notes/a.md"],
      ["hex", "3f9a2c1d"],
      ["host", "db.internal:5432"],
      ["long-number", "1234567"],
      ["quoted", "fast-forward"],
      ["number-unit", "250ms"],
    ]);
  });

  it("dedupes by normalised form, keeping the first text", () => {
    expect(extractIdentifiers("A1B2C3D4 then a1b2c3d4, 30 s and 30s")).toEqual([
      { kind: "hex", text: "A1B2C3D4", normalised: "a1b2c3d4" },
      { kind: "number-unit", text: "30 s", normalised: "30s" },
    ]);
  });

  it("returns nothing for empty text and caps the result", () => {
    expect(extractIdentifiers("")).toEqual([]);
    const many = Array.from({ length: MAX_IDENTIFIERS + 50 }, (_, index) => `${100000 + index}`).join(" ");
    expect(extractIdentifiers(many)).toHaveLength(MAX_IDENTIFIERS);
  });

  it("stays linear on large adversarial input (no catastrophic backtracking)", () => {
    const inputs = ["1,".repeat(200_000), "a.".repeat(200_000), "/a".repeat(200_000), `"${"'`“".repeat(100_000)}`];
    for (const input of inputs) expect(Array.isArray(extractIdentifiers(input))).toBe(true);
  }, 20_000);
});

describe("summaryContainsIdentifier", () => {
  const id = (kind: IdentifierClass, normalised: string): Identifier => ({ kind, text: normalised, normalised });

  it("compares hex and UUID case-insensitively, other classes exactly", () => {
    expect(summaryContainsIdentifier("commit 3F9A2C1D", id("hex", "3f9a2c1d"))).toBe(true);
    expect(
      summaryContainsIdentifier(
        "run 550E8400-E29B-41D4-A716-446655440000",
        id("uuid", "550e8400-e29b-41d4-a716-446655440000"),
      ),
    ).toBe(true);
    expect(summaryContainsIdentifier("see CONFIG/PROD.YAML", id("path", "config/prod.yaml"))).toBe(false);
    expect(summaryContainsIdentifier("strategy Blue-Green", id("quoted", "blue-green"))).toBe(false);
  });

  it("compares numbers with units with whitespace removed", () => {
    expect(summaryContainsIdentifier("timeout 30 S", id("number-unit", "30s"))).toBe(true);
    expect(summaryContainsIdentifier("stock 3 斤", id("number-unit", "3斤"))).toBe(true);
    expect(summaryContainsIdentifier("timeout 30 min", id("number-unit", "30s"))).toBe(false);
  });
});
