import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// What users read must stand alone: the README, docs/, the shipped scenarios and schema, and
// every string in src/ that can reach a terminal, a report or an editor. None of it may point at
// the contract documents outside the repository. Code comments may keep such references.

const ROOT = resolve(import.meta.dirname, "../..");

/** A reference to a file outside the repository: the specs, the design document, the shared folder, spec sections. */
const OUTSIDE_REFERENCE = /\bspec\/|DESIGN\.md|\.\.\/shared|\/work\/shared|§/;

function listFiles(directory: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) return entry.name === "node_modules" ? [] : listFiles(path, keep);
      return keep(entry.name) ? [path] : [];
    })
    .sort();
}

const markdownPages = [join(ROOT, "README.md"), ...listFiles(join(ROOT, "docs"), (name) => name.endsWith(".md"))];

/** `path:line: text` for every line of `text` holding an outside reference. */
function referencesInText(path: string, text: string): string[] {
  return text.split("\n").flatMap((line, index) => {
    return OUTSIDE_REFERENCE.test(line) ? [`${relative(ROOT, path)}:${index + 1}: ${line.trim()}`] : [];
  });
}

/** The string literals and template pieces of a TypeScript source that hold an outside reference. */
function referencesInStrings(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      if (OUTSIDE_REFERENCE.test(node.text)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${fileName}:${line + 1}: ${JSON.stringify(node.text)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Markdown without fenced code blocks (their lines become empty, so line numbers stay). */
function withoutFences(text: string): string[] {
  let fenced = false;
  return text.split("\n").map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return "";
    }
    return fenced ? "" : line;
  });
}

/** GitHub's anchor for a heading: rendered text, lower case, punctuation dropped, spaces to `-`. */
function headingAnchor(heading: string): string {
  const rendered = heading
    .replace(/`([^`]*)`/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_]{2}([^*_]+)[*_]{2}/g, "$1");
  return rendered
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}_\- ]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a Markdown file's headings, with GitHub's `-1`, `-2` suffixes for repeats. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(text)) {
    const match = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!match?.[1]) continue;
    const base = headingAnchor(match[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Link targets of a Markdown text, outside code: `[text](target)`, `![alt](target)`, `[label]: target`. */
function linkTargets(text: string): { line: number; target: string }[] {
  const targets: { line: number; target: string }[] = [];
  withoutFences(text).forEach((rawLine, index) => {
    const line = rawLine.replace(/`[^`]*`/g, "");
    for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      if (match[1]) targets.push({ line: index + 1, target: match[1] });
    }
    const definition = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(line);
    if (definition?.[1]) targets.push({ line: index + 1, target: definition[1] });
  });
  return targets;
}

/** Why a relative link of `page` does not resolve, or `undefined` when it does (external links are not checked). */
function brokenLink(page: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  const [pathPart = "", fragment] = target.split("#", 2);
  const file = pathPart === "" ? page : resolve(dirname(page), decodeURIComponent(pathPart));
  if (!file.startsWith(ROOT)) return "points outside the repository";
  if (!existsSync(file)) return "no such file";
  if (fragment === undefined || fragment === "" || !file.endsWith(".md") || statSync(file).isDirectory()) {
    return undefined;
  }
  return anchorsOf(readFileSync(file, "utf8")).has(fragment) ? undefined : `no heading with anchor #${fragment}`;
}

describe("user-facing text stands alone", () => {
  it("finds the README and the docs pages", () => {
    expect(markdownPages.map((page) => relative(ROOT, page))).toEqual(
      expect.arrayContaining(["README.md", "docs/README.md", "docs/prompt.md", "docs/compliance.md"]),
    );
  });

  it("README.md and docs/*.md never refer to the specs, DESIGN.md or the shared folder", () => {
    const found = markdownPages.flatMap((page) => referencesInText(page, readFileSync(page, "utf8")));
    expect(found).toEqual([]);
  });

  it("the shipped scenarios and JSON schemas never refer to them either", () => {
    const shipped = [
      ...listFiles(join(ROOT, "scenarios"), (name) => /\.ya?ml$/.test(name)),
      ...listFiles(join(ROOT, "schema"), (name) => name.endsWith(".json")),
    ];
    expect(shipped.length).toBeGreaterThan(10);
    const found = shipped.flatMap((file) => referencesInText(file, readFileSync(file, "utf8")));
    expect(found).toEqual([]);
  });

  it("no string in src/ refers to them (comments may)", () => {
    const sources = listFiles(join(ROOT, "src"), (name) => name.endsWith(".ts"));
    expect(sources.length).toBeGreaterThan(20);
    const found = sources.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      // Parsing is the cost of this test: only files that mention a reference at all are parsed.
      return OUTSIDE_REFERENCE.test(text) ? referencesInStrings(relative(ROOT, file), text) : [];
    });
    expect(found).toEqual([]);
  });

  it("every relative link in README.md and docs/*.md resolves to a file (and heading) of the repository", () => {
    const broken = markdownPages.flatMap((page) =>
      linkTargets(readFileSync(page, "utf8")).flatMap(({ line, target }) => {
        const problem = brokenLink(page, target);
        return problem === undefined ? [] : [`${relative(ROOT, page)}:${line}: ${target}: ${problem}`];
      }),
    );
    expect(broken).toEqual([]);
  });

  it("every docs page is linked from docs/README.md", () => {
    const index = readFileSync(join(ROOT, "docs/README.md"), "utf8");
    const linked = new Set(linkTargets(index).map(({ target }) => target.split("#")[0]));
    const pages = listFiles(join(ROOT, "docs"), (name) => name.endsWith(".md"))
      .map((page) => relative(join(ROOT, "docs"), page))
      .filter((page) => page !== "README.md");
    expect(pages.filter((page) => !linked.has(page))).toEqual([]);
  });
});

describe("the checks themselves", () => {
  it("flag a reference in a string but not in a comment", () => {
    const source = [
      "// see spec/loop.md §11",
      "/** DESIGN.md, Statistics */",
      'const a = "Compliance measures (spec/loop.md §11)";',
      `const b = \`from $\{a} in ../shared/DESIGN.md\`;`,
      "const c = 'docs/compliance.md';",
    ].join("\n");
    expect(referencesInStrings("x.ts", source)).toEqual([
      'x.ts:3: "Compliance measures (spec/loop.md §11)"',
      'x.ts:4: " in ../shared/DESIGN.md"',
    ]);
  });

  it("find inline, image and reference links outside code, and compute GitHub anchors", () => {
    const text = [
      "See [a](docs/a.md#x), ![b](img.png) and `[c](not-a-link.md)`.",
      "```",
      "[d](inside-a-fence.md)",
      "```",
      "[e]: https://example.com",
    ].join("\n");
    expect(linkTargets(text)).toEqual([
      { line: 1, target: "docs/a.md#x" },
      { line: 1, target: "img.png" },
      { line: 5, target: "https://example.com" },
    ]);
    expect(headingAnchor("Silent replies (`NO_REPLY`)")).toBe("silent-replies-no_reply");
    expect(headingAnchor("The report (`claw-eval skills --json`)")).toBe("the-report-claw-eval-skills---json");
  });
});
