import fc from "fast-check";

/** Strings that have broken parsers, terminals and reports before: bidi, separators, BOM, NUL, emoji. */
export const TRICKY_STRINGS: readonly string[] = [
  "",
  " ",
  "\u202Eevil\u202C",
  "line\u2028separator",
  "para\u2029graph",
  "\uFEFFbom",
  "nul\u0000byte",
  "bell\u0007escape\u001b[31mred\u001b[0m",
  "tab\tand\rcarriage",
  "new\nline",
  "😀👍🏽👨‍👩‍👧",
  "e\u0301\u0301\u0301",
  "日本語のテキスト",
  "مرحبا بالعالم",
  "\uD800lone surrogate",
  "{{missing}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell-style placeholder, written literally on purpose
  "${HOME}",
  "$(touch pwned)",
  "`id`",
  "<script>alert(1)</script>",
  "]]></testcase><x>",
  "&amp; &lt; &#0;",
  "C:\\Windows\\System32",
  "%s%s%n",
  "__proto__",
  "constructor",
  "NaN",
  "-0",
  "1e999",
  "~",
  "null",
  "*alias",
  "&anchor",
  "!!binary",
  "---",
  "...",
  "# comment",
  "key: value",
  "- item",
  "? complex",
];

/** Any text: tricky constants, full-unicode and binary-ish strings. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom("\u0000", "\u001b", "\u202E", "\u2028", "\uFEFF", "a"),
      maxLength: 20,
    }),
  },
);

/** Text with at least one NUL character somewhere. */
export const textWithNul: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }))
  .map(([before, after]) => `${before}\u0000${after}`);

// Long runs of word characters get a class of their own (spacelessText), so these all break runs.
const HUGE_UNITS = ["ab ", "é", "😀", "word ", "line\n", "\u202E"];

function repeated(min: number, max: number): fc.Arbitrary<string> {
  return fc
    .tuple(fc.integer({ min, max }), fc.constantFrom(...HUGE_UNITS))
    .map(([length, unit]) => unit.repeat(Math.max(1, Math.floor(length / unit.length))));
}

/** Between 64 KiB and 400 KiB of one repeated unit (ASCII, accented, emoji, words, lines, bidi). */
export const hugeText: fc.Arbitrary<string> = repeated(64 * 1024, 400 * 1024);

/** Between 400 KiB and 1.5 MiB, for fields that must be bounded before any work (time zones, clocks). */
export const veryHugeText: fc.Arbitrary<string> = repeated(400 * 1024, 1_500_000);

/** 200 KiB to 400 KiB of word characters with no space or line break (a model looping on one token). */
export const spacelessText: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 200 * 1024, max: 400 * 1024 }), fc.constantFrom("a", "ab", "x_1", "path/to.file-", "a#L1"))
  .map(([length, unit]) => unit.repeat(Math.max(1, Math.floor(length / unit.length))));

/** A value of a type chosen at random: string, number, boolean, null, list or mapping. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  anyText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), fc.string()), { maxKeys: 3 }),
);

/** The YAML type of a value, as the wrong-type mutations reason about it. */
export type ValueKind = "string" | "number" | "boolean" | "null" | "list" | "mapping";

export function kindOf(value: unknown): ValueKind {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return "list";
  if (typeof value === "object") return "mapping";
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "boolean";
  return "string";
}

/** A value of any kind not in `accepted`. */
export function valueNotOf(accepted: readonly ValueKind[]): fc.Arbitrary<unknown> {
  return anyValue.filter((value) => !accepted.includes(kindOf(value)));
}

/**
 * YAML flow text nested `depth` levels deep: `[[[…]]]`, `{a: {a: …}}` or a mix. Built as text so
 * that neither fast-check nor a YAML writer recurses that deep.
 */
export const deepYaml: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 200, max: 20_000 }), fc.constantFrom("list", "map", "mixed"))
  .map(([depth, shape]) => {
    const open = shape === "list" ? "[" : shape === "map" ? "{a: " : "[{a: ";
    const close = shape === "list" ? "]" : shape === "map" ? "}" : "}]";
    const levels = shape === "mixed" ? Math.ceil(depth / 2) : depth;
    return `${open.repeat(levels)}1${close.repeat(levels)}`;
  });

/** JSON text nested `depth` levels deep (for JSON and JSON5 files). */
export const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 200, max: 20_000 }), fc.boolean())
  .map(([depth, list]) =>
    list ? `${"[".repeat(depth)}1${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
  );

/** A near miss of `word`: one character dropped, doubled, swapped or changed case. Never `word` itself. */
export function nearMiss(word: string): fc.Arbitrary<string> {
  return fc
    .tuple(fc.nat({ max: Math.max(0, word.length - 1) }), fc.constantFrom("drop", "double", "swap", "case", "suffix"))
    .map(([at, how]) => {
      const char = word[at] ?? "";
      if (how === "drop") return word.slice(0, at) + word.slice(at + 1);
      if (how === "double") return word.slice(0, at) + char + word.slice(at);
      if (how === "swap") return word.slice(0, at) + (word[at + 1] ?? "") + char + word.slice(at + 2);
      if (how === "case") return word.slice(0, at) + char.toUpperCase() + word.slice(at + 1);
      return `${word}_x`;
    })
    .map((candidate) => (candidate === word || candidate === "" ? `${word}x` : candidate));
}
