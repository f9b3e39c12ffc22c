import fc from "fast-check";
import { SCENARIO_FILE } from "./fuzz-layout.js";
import type { FuzzClass } from "./fuzz-types.js";
import { renderYaml, scenarioCase } from "./scenario-document.js";
import type { ScenarioDocument } from "./scenario-seeds.js";

/** Lines that no YAML parser accepts, whatever precedes them at the top level. */
const BROKEN_LINES = [
  "bad: [1, 2",
  "bad: {a: 1",
  'bad: "unterminated',
  "bad: 'unterminated",
  "bad: a: b",
  "- item",
  "\tbad: tab",
  "@bad: x",
  'bad: "\\q"',
  "]",
  "bad: {a: 1}}",
  "`bad: x",
];

/** A broken line inserted before a top-level key or at the end: a YAML diagnostic naming the file. */
export function yamlSyntaxClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const arbitrary = fc.tuple(seeds, fc.constantFrom(...BROKEN_LINES), fc.nat()).map(([document, broken, at]) => {
    const lines = renderYaml(document).split("\n");
    const tops = lines.flatMap((line, index) => (/^[A-Za-z]/.test(line) ? [index] : [])).concat(lines.length);
    lines.splice(tops[at % tops.length] ?? lines.length, 0, broken);
    return scenarioCase({
      label: `YAML line ${JSON.stringify(broken)}`,
      document: lines.join("\n"),
      blame: [SCENARIO_FILE],
      exits: [2],
    });
  });
  return { name: "scenario/yaml-syntax", category: "scenario", arbitrary };
}

/** A byte order mark at the start, or at the start of some other line. */
export function bomClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const arbitrary = fc.tuple(seeds, fc.nat(), fc.boolean()).map(([document, at, atStart]) => {
    const lines = renderYaml(document).split("\n");
    const line = atStart ? 0 : at % lines.length;
    lines[line] = `\uFEFF${lines[line] ?? ""}`;
    return scenarioCase({ label: `BOM at line ${line + 1}`, document: lines.join("\n") });
  });
  return { name: "scenario/bom", category: "scenario", arbitrary };
}

/** Indexes of lines inside block scalars (`key: |`), whose text is content, not keys. */
function blockScalarLines(lines: readonly string[]): Set<number> {
  const inside = new Set<number>();
  let parentIndent = -1;
  lines.forEach((line, index) => {
    const indent = line.length - line.trimStart().length;
    if (parentIndent >= 0 && (line.trim() === "" || indent > parentIndent)) {
      inside.add(index);
      return;
    }
    parentIndent = /:\s*[|>][-+0-9]*\s*$/.test(line) || /^\s*-\s+[|>][-+0-9]*\s*$/.test(line) ? indent : -1;
  });
  return inside;
}

/** A key written twice in one mapping (top level or nested): a diagnostic, never last-one-wins. */
export function duplicateKeyClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const arbitrary = fc.tuple(seeds, fc.nat(), fc.boolean()).map(([document, at, nested]) => {
    const lines = renderYaml(document).split("\n");
    const content = blockScalarLines(lines);
    const keyed = lines.flatMap((line, index) => {
      if (content.has(index)) return [];
      const match = /^( *)(- )?([A-Za-z][\w-]*): ([^|>\s].*)?$/.exec(line);
      if (match === null) return [];
      const indent = (match[1] ?? "").length + (match[2] === undefined ? 0 : 2);
      return nested === indent > 0 ? [{ index, text: `${" ".repeat(indent)}${match[3]}: duplicate` }] : [];
    });
    const target = keyed[at % Math.max(1, keyed.length)] ?? { index: 0, text: "name: duplicate" };
    // A nested duplicate goes right after its original; a top-level one at the end.
    lines.splice(nested ? target.index + 1 : lines.length, 0, target.text);
    return scenarioCase({
      label: `duplicate ${target.text.trim()}`,
      document: lines.join("\n"),
      blame: [SCENARIO_FILE],
      exits: [2],
    });
  });
  return { name: "scenario/duplicate-key", category: "scenario", arbitrary };
}
