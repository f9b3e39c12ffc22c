import ts from "typescript";

/** Layers of DESIGN.md's import direction, lowest first. Areas in one layer are siblings. */
export const LAYERS: readonly (readonly string[])[] = [
  ["domain"],
  ["config"],
  ["platform"],
  ["prompt", "skills", "context", "memory", "tools", "models"],
  ["agent"],
  ["scenarios", "expectations", "golden", "stats"],
  ["runner"],
  ["reporters"],
  ["cli"],
  // src/index.ts, the package entry: it re-exports the public types of any area.
  ["index.ts"],
];

export function layerOf(area: string): number {
  return LAYERS.findIndex((layer) => layer.includes(area));
}

/** Why `fromArea` may not import `toArea`, or `undefined` when it may. */
export function importViolation(fromArea: string, toArea: string): string | undefined {
  if (fromArea === toArea) return undefined;
  const from = layerOf(fromArea);
  const to = layerOf(toArea);
  if (from === -1) return `unknown area "${fromArea}"`;
  if (to === -1) return `unknown area "${toArea}"`;
  if (to === from) return `siblings "${fromArea}" and "${toArea}" must not import each other`;
  if (to > from)
    return `"${fromArea}" must not import "${toArea}" (imports point down: ${LAYERS.map((layer) => layer.join("|")).join(" <- ")})`;
  return undefined;
}

export interface SourceFacts {
  imports: string[];
  /** Uses of the clock, randomness or the process, with their line numbers. */
  impure: { what: string; line: number }[];
}

/** Reads import specifiers and impure calls from TypeScript source, ignoring comments and strings. */
export function readSourceFacts(fileName: string, text: string): SourceFacts {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const imports: string[] = [];
  const impure: { what: string; line: number }[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) imports.push(node.moduleSpecifier.text);
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteral(first)) imports.push(first.text);
    }
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const target = `${node.expression.text}.${node.name.text}`;
      if (target === "Date.now" || target === "Math.random") impure.push({ what: target, line: lineOf(node) });
      if (node.expression.text === "process") impure.push({ what: `process.${node.name.text}`, line: lineOf(node) });
    }
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "Date") {
      if ((node.arguments?.length ?? 0) === 0) impure.push({ what: "new Date()", line: lineOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports, impure };
}
