import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { importViolation, readSourceFacts, type SourceFacts } from "../support/architecture-rules.js";

const SRC = resolve(import.meta.dirname, "../../src");

function listSources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) return listSources(path);
      return entry.name.endsWith(".ts") ? [path] : [];
    })
    .sort();
}

function areaOf(path: string): string {
  return relative(SRC, path).split(sep)[0] ?? "";
}

const files = listSources(SRC);

// Parsing every source file is the cost of this file: both checks share one parse per file.
const parsed = new Map<string, SourceFacts>();
function factsOf(file: string): SourceFacts {
  let facts = parsed.get(file);
  if (facts === undefined) {
    facts = readSourceFacts(file, readFileSync(file, "utf8"));
    parsed.set(file, facts);
  }
  return facts;
}

describe("architecture", () => {
  it("finds the source tree", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it("imports follow DESIGN.md's direction (domain <- platform <- runtime pieces <- agent <- harness <- runner <- reporters <- cli)", () => {
    const violations: string[] = [];
    for (const file of files) {
      const { imports } = factsOf(file);
      for (const specifier of imports) {
        if (!specifier.startsWith(".")) continue;
        const target = resolve(dirname(file), specifier);
        if (!target.startsWith(SRC + sep)) continue;
        const problem = importViolation(areaOf(file), areaOf(target));
        if (problem) violations.push(`${relative(SRC, file)} imports ${specifier}: ${problem}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it("only src/platform and src/cli/bin.ts read the clock, randomness or the process", () => {
    const violations: string[] = [];
    for (const file of files) {
      const rel = relative(SRC, file).split(sep).join("/");
      if (rel.startsWith("platform/") || rel === "cli/bin.ts") continue;
      for (const use of factsOf(file).impure) {
        violations.push(`src/${rel}:${use.line}: ${use.what}`);
      }
    }
    expect(violations).toEqual([]);
  });
});

describe("architecture rules themselves", () => {
  it("rejects upward and sibling imports and accepts downward ones", () => {
    expect(importViolation("domain", "platform")).toMatch(/must not import/);
    expect(importViolation("tools", "models")).toMatch(/siblings/);
    expect(importViolation("runner", "reporters")).toMatch(/must not import/);
    expect(importViolation("cli", "domain")).toBeUndefined();
    expect(importViolation("agent", "tools")).toBeUndefined();
  });

  it("sees impure calls in code but not in comments or strings", () => {
    const facts = readSourceFacts(
      "x.ts",
      [
        "// Date.now() in a comment",
        'const s = "Math.random() in a string";',
        "const a = Date.now();",
        "const b = new Date();",
        "const c = new Date(5);",
        "const d = Math.random();",
        "const e = process.env.HOME;",
      ].join("\n"),
    );
    expect(facts.impure).toEqual([
      { what: "Date.now", line: 3 },
      { what: "new Date()", line: 4 },
      { what: "Math.random", line: 6 },
      { what: "process.env", line: 7 },
    ]);
  });

  it("reads static, re-export and dynamic imports", () => {
    const facts = readSourceFacts(
      "x.ts",
      'import a from "./a.js";\nexport * from "../b.js";\nconst m = await import("./c.js");\n',
    );
    expect(facts.imports).toEqual(["./a.js", "../b.js", "./c.js"]);
  });
});
