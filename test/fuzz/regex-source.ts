import fc from "fast-check";

const ATOMS = [
  "a",
  "b",
  "x",
  ".",
  "\\d",
  "\\w",
  "\\s",
  "\\b",
  "\\B",
  "[a-z]",
  "[^a]",
  "[\\]]",
  "\\p{L}",
  "\\1",
  "\\k<g>",
  "^",
  "$",
  "\\u{1F600}",
  "é",
  "😀",
  "\\n",
  "\\0",
  "\\cJ",
  "[\\s\\S]",
  "\\/",
  "-",
  "]",
  "}",
  "{",
];

/** Regex source from a small grammar: atoms, concatenation, alternation, groups of every kind, quantifiers. */
export const regexSource: fc.Arbitrary<string> = fc.letrec<{
  node: string;
  atom: string;
  concat: string;
  alt: string;
  group: string;
  quant: string;
}>((tie) => ({
  node: fc.oneof({ depthSize: "small" }, tie("atom"), tie("concat"), tie("alt"), tie("group"), tie("quant")),
  atom: fc.constantFrom(...ATOMS),
  concat: fc.array(tie("node"), { minLength: 1, maxLength: 4 }).map((parts) => parts.join("")),
  alt: fc.tuple(tie("node"), tie("node")).map(([left, right]) => `${left}|${right}`),
  group: fc
    .tuple(fc.constantFrom("(", "(?:", "(?=", "(?!", "(?<=", "(?<!", "(?<g>"), tie("node"))
    .map(([open, inner]) => `${open}${inner})`),
  quant: fc
    .tuple(tie("node"), fc.constantFrom("*", "+", "?", "{2}", "{1,3}", "{0,}", "*?", "+?", "{3,1}"))
    .map(([inner, quantifier]) => `(?:${inner})${quantifier}`),
})).node;

/** Flags, valid or not. */
export const flags = fc.string({ unit: fc.constantFrom(..."gimsuyvdx"), maxLength: 3 });
