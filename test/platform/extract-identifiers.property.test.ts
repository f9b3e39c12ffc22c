// Guards against: missed identifiers next to filler, later classes re-matching inside earlier ones, wrong normalisation, unstable output.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { IdentifierClass } from "../../src/domain/index.js";
import { extractIdentifiers } from "../../src/platform/extract-identifiers.js";
import { assertProperty } from "../support/assert-property.js";

interface Planted {
  kind: IdentifierClass;
  text: string;
  normalised: string;
}

const chars = (alphabet: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength });
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const HEX = "0123456789abcdefABCDEF";
const plant =
  (kind: IdentifierClass, normalise: (text: string) => string = (text) => text) =>
  (text: string) => ({
    kind,
    text,
    normalised: normalise(text),
  });

const label = fc.tuple(chars(LOWER, 1, 1), chars(`${LOWER}0123456789`, 0, 6)).map(([head, tail]) => head + tail);
const segment = chars(`${LOWER}0123456789_-`, 1, 8);
const extension = fc.tuple(chars(LOWER, 1, 1), chars(`${LOWER}0123456789`, 0, 4)).map(([head, tail]) => head + tail);
const octet = fc.integer({ min: 0, max: 255 });

const url = fc
  .tuple(
    fc.constantFrom("http", "https"),
    fc.array(label, { minLength: 2, maxLength: 3 }),
    fc.array(chars(`${LOWER}0123456789_-`, 1, 6), { maxLength: 3 }),
    fc.option(fc.tuple(label, chars("0123456789", 1, 4)), { nil: undefined }),
  )
  .map(([scheme, host, path, query]) => {
    const tail = path.length > 0 ? `/${path.join("/")}x` : "";
    return `${scheme}://${host.join(".")}${tail}${query ? `?${query[0]}=${query[1]}` : ""}`;
  })
  .map(plant("url"));
const uuid = fc
  .tuple(fc.uuid(), fc.boolean())
  .map(([value, upper]) => (upper ? value.toUpperCase() : value))
  .map(plant("uuid", (text) => text.toLowerCase()));
const hex = fc
  .tuple(chars(HEX, 5, 38), chars("0123456789", 1, 1), chars("abcdefABCDEF", 1, 1))
  .map(([body, digit, letter]) => `${letter}${body}${digit}`)
  .map(plant("hex", (text) => text.toLowerCase()));
const path = fc
  .oneof(
    fc.array(segment, { minLength: 2, maxLength: 4 }).map((parts) => `/${parts.join("/")}`),
    fc
      .tuple(fc.array(segment, { minLength: 1, maxLength: 3 }), segment, extension)
      .map(([dirs, stem, ext]) => `${dirs.join("/")}/${stem}.${ext}`),
    fc.tuple(chars(LOWER, 2, 8), extension).map(([stem, ext]) => `${stem}.${ext}`),
    fc
      .tuple(chars("CDE", 1, 1), fc.array(segment, { minLength: 1, maxLength: 3 }), extension)
      .map(([drive, dirs, ext]) => `${drive}:\\${dirs.join("\\")}.${ext}`),
  )
  .map(plant("path"));
const host = fc
  .oneof(
    fc
      .tuple(fc.array(label, { minLength: 2, maxLength: 3 }), fc.integer({ min: 1, max: 65535 }))
      .map(([labels, port]) => `${labels.join(".")}:${port}`),
    fc
      .tuple(
        fc.array(octet, { minLength: 4, maxLength: 4 }),
        fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
      )
      .map(([octets, port]) => `${octets.join(".")}${port === undefined ? "" : `:${port}`}`),
  )
  .map(plant("host"));
const numberWithUnit = fc
  .tuple(
    chars("0123456789", 1, 5),
    fc.option(fc.tuple(fc.constantFrom(".", ","), chars("0123456789", 1, 3)), { nil: undefined }),
    fc.constantFrom("", " "),
    fc.constantFrom(
      "ms",
      "s",
      "sec",
      "min",
      "h",
      "d",
      "kb",
      "MB",
      "Gb",
      "tb",
      "KiB",
      "mib",
      "GIB",
      "%",
      "px",
      "tokens",
      "chars",
      "斤",
      "元",
      "件",
      "个",
      "天",
      "小时",
      "分钟",
    ),
  )
  .map(([whole, fraction, space, unit]) => `${whole}${fraction ? fraction.join("") : ""}${space}${unit}`)
  .map(plant("number-unit", (text) => text.replace(/\s+/g, "").toLowerCase()));
const longNumber = chars("0123456789", 6, 15).map(plant("long-number"));
const quoted = fc
  .tuple(
    fc.constantFrom(['"', '"'], ["'", "'"], ["`", "`"], ["“", "”"], ["「", "」"]),
    chars(LOWER, 1, 1),
    chars(`${LOWER}  -草莓发布`, 2, 70),
  )
  .map(([[open, close], head, body]) => ({
    kind: "quoted" as const,
    text: `${open}${head}${body}${close}`,
    normalised: head + body,
  }));

const identifier: fc.Arbitrary<Planted> = fc.oneof(url, uuid, hex, path, host, numberWithUnit, longNumber, quoted);

/** Filler with no digits, dots inside words or quote characters; fences sit on their own lines. */
const fillerToken = fc.oneof(
  chars(LOWER, 1, 8),
  chars("草莓只剩库存发布计划", 1, 4),
  fc.constantFrom(",", ".", ";", ":", "!", "?", "(", ")", "—", "。", "，", "ms", "s", "min"),
  fc.constantFrom("\n```ts\n", "\n```\n", "\n"),
);
const filler = fc.array(fillerToken, { maxLength: 12 }).map((tokens) => tokens.join(" "));
/** Never a single space or tab, so a planted number and a filler unit word never join. */
const separator = fc.constantFrom("  ", "\n", "\n\n", "\t\t", " \n ");

const document = fc
  .array(fc.tuple(filler, separator, identifier, separator), { minLength: 1, maxLength: 10 })
  .map((parts) => ({
    planted: parts.map(([, , planted]) => planted),
    text: parts.map(([before, left, planted, right]) => `${before}${left}${planted.text}${right}`).join(""),
  }));

describe("extractIdentifiers (property)", () => {
  it("finds every planted identifier of every class by its normalised form", () => {
    assertProperty(
      fc.property(document, ({ planted, text }) => {
        const found = new Set(extractIdentifiers(text).map((found) => `${found.kind} ${found.normalised}`));
        for (const expected of planted) expect(found).toContain(`${expected.kind} ${expected.normalised}`);
      }),
      { numRuns: 300 },
    );
  });

  it("is deterministic and idempotent on the text of its own output", () => {
    assertProperty(
      fc.property(document, ({ text }) => {
        const first = extractIdentifiers(text);
        expect(extractIdentifiers(text)).toEqual(first);
        const again = extractIdentifiers(first.map((found) => found.text).join("\n"));
        expect(again.map((found) => found.normalised)).toEqual(first.map((found) => found.normalised));
      }),
    );
  });
});
