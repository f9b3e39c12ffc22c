import fc from "fast-check";

/** Characters that stress YAML plain and quoted scalars. */
const noisyCharacter = fc.constantFrom(
  ..."abcxyzABC019 _-./:#'\"[]{},&*!|>%@`~?\\=<+",
  "é",
  "ß",
  "😀",
  "\u00a0",
  "\u2028",
  "\u3000",
  "\t",
  "\u0085",
);
const cleanCharacter = fc.constantFrom(..."abcdefxyz ABC019-.,/()'\":", "é", "😀");
const specialWords =
  "true False NULL null ~ yes on 1.0 0x1F 0o17 -0 .inf -.Inf .nan 1e5 007 +5 .5 5. 1_000 1.0.0 2026-03-11 123456789012345678 - -- ---a ? : :a ?a";

interface Rendered {
  header: string;
  lines: string[];
}

function indentLines(lines: readonly string[], indent: number): string[] {
  return lines.map((line) => (line === "" ? "" : " ".repeat(indent) + line));
}

function renderEntries(entries: readonly (readonly [string, Rendered])[]): string[] {
  return entries.flatMap(([name, rendered]) => [
    rendered.header === "" ? `${name}:` : `${name}: ${rendered.header}`,
    ...rendered.lines,
  ]);
}

/**
 * Frontmatter blocks shaped like real ones: entries with nested maps, sequences, block and
 * multi-line scalars. `noisy` adds odd characters and keys, number forms, blank and comment
 * lines anywhere; without it most blocks are within the fast path's reach.
 */
export function frontmatterArbitrary(noisy: boolean): fc.Arbitrary<string> {
  const text = noisy
    ? fc.oneof(
        { weight: 3, arbitrary: fc.string({ unit: cleanCharacter, maxLength: 14 }) },
        { weight: 1, arbitrary: fc.string({ unit: noisyCharacter, maxLength: 14 }) },
      )
    : fc.string({ unit: cleanCharacter, minLength: 1, maxLength: 14 });
  const word = fc.string({ unit: fc.constantFrom(..."abcxyz019-_./é"), minLength: 1, maxLength: 8 });
  const specialWord = fc.constantFrom(...(noisy ? specialWords : "true False null 1 2.5 -3 +4 .5 1.0.0 x").split(" "));
  const key = noisy
    ? fc.oneof(
        fc.constantFrom("name", "description", "metadata", "tags", "version", "True", "null", "_k"),
        fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,6}$/),
      )
    : fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/).filter((k) => !["true", "false", "null"].includes(k));
  const spaces = fc.constantFrom("", "", "", " ", "  ");
  const inlineScalar = fc.oneof(
    fc.tuple(text, spaces).map(([value, trailing]) => `${value}${trailing}`),
    word,
    specialWord,
    text.map((value) => `"${value}"`),
    text.map((value) => `'${value.replaceAll("'", "''")}'`),
    (noisy ? fc.jsonValue({ maxDepth: 2 }) : fc.json({ maxDepth: 2 }).map((j) => JSON.parse(j) as unknown)).map(
      (value) => JSON.stringify(value) ?? "null",
    ),
    fc.array(fc.oneof(word, specialWord), { maxLength: 4 }).map((items) => `[${items.join(", ")}]`),
    fc.array(fc.oneof(word, specialWord), { minLength: 1, maxLength: 4 }).map((items) => `[${items.join(",")},]`),
  );
  const blockScalar = fc
    .tuple(
      fc.constantFrom(...(noisy ? ["|", "|-", ">", ">-", "|+", ">2"] : ["|", "|-", ">", ">-"])),
      fc.array(
        fc.oneof(
          text,
          fc.constant(""),
          text.map((value) => ` ${value}`),
        ),
        { minLength: 1, maxLength: 4 },
      ),
      fc.constantFrom(1, 2, 4),
    )
    .map(([header, lines, indent]) => ({ header, lines: indentLines(lines, indent) }));
  const plainLines = fc
    .tuple(
      fc.option(text, { nil: undefined }),
      fc.array(fc.oneof(word, text, fc.constant("")), { minLength: 1, maxLength: 3 }),
    )
    .map(([first, lines]) => ({ header: first ?? "", lines: indentLines(lines, 2) }));
  const entries = (value: fc.Arbitrary<Rendered>) =>
    noisy
      ? fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 5 })
      : fc.uniqueArray(fc.tuple(key, value), { minLength: 1, maxLength: 4, selector: ([k]) => k });
  const value: fc.Arbitrary<Rendered> = fc.letrec<{ value: Rendered }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      inlineScalar.map((header) => ({ header, lines: [] })),
      fc.constant<Rendered>({ header: "", lines: [] }),
      entries(tie("value")).map((list) => ({ header: "", lines: indentLines(renderEntries(list), 2) })),
      fc
        .tuple(
          fc.array(
            fc.oneof(
              inlineScalar,
              key.map((k) => `${k}: x`),
            ),
            { minLength: 1, maxLength: 3 },
          ),
          fc.constantFrom(0, 2),
        )
        .map(([items, indent]) => ({
          header: "",
          lines: indentLines(
            items.map((item) => `- ${item}`),
            indent,
          ),
        })),
      blockScalar,
      plainLines,
    ),
  })).value;
  const extraLine = fc.constantFrom(...(noisy ? ["", "# comment", "  ", "  # indented", "..."] : ["", "# comment"]));
  return fc.tuple(entries(value), fc.array(fc.tuple(fc.nat(), extraLine), { maxLength: 2 })).map(([list, extras]) => {
    const lines = renderEntries(list);
    for (const [position, line] of extras) lines.splice(position % (lines.length + 1), 0, line);
    return lines.join("\n");
  });
}

/** Lines of loosely YAML-like fragments at random indentation. */
export const lineSoup = fc
  .array(
    fc.tuple(
      fc.constantFrom(0, 0, 0, 1, 2, 4),
      fc.oneof(
        fc
          .tuple(fc.stringMatching(/^[a-z_][a-z0-9_-]{0,4}$/), fc.string({ unit: noisyCharacter, maxLength: 10 }))
          .map(([k, v]) => `${k}: ${v}`),
        fc.stringMatching(/^[a-z_][a-z0-9_-]{0,4}:$/),
        fc.string({ unit: noisyCharacter, maxLength: 10 }).map((v) => `- ${v}`),
        fc.string({ unit: cleanCharacter, maxLength: 10 }),
        fc.constantFrom(
          "",
          "#",
          "|",
          ">-",
          "{",
          "}",
          "]",
          '"a":',
          "- ",
          "---",
          "&a x",
          "*a",
          "a: [b, c]",
          'a: {"b": 1}',
        ),
      ),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((lines) => lines.map(([indent, line]) => " ".repeat(indent) + line).join("\n"));
