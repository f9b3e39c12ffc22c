import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import JSON5 from "json5";
import { describe, expect, it } from "vitest";
import { readFrontmatterYaml } from "../../src/skills/read-frontmatter-yaml.js";
import { readSimpleFrontmatter } from "../../src/skills/read-simple-frontmatter.js";
import { splitFrontmatter } from "../../src/skills/split-frontmatter.js";
import { corpusSample, isSkillFile, listFiles, parseFile, sharedCorpus, skillFixtureRoot } from "./corpus-files.js";

interface Agreement {
  files: number;
  blocks: number;
  fastPathHits: number;
  disagreements: string[];
}

/** Runs every file through both readings and both parse modes; lists any difference. */
function checkFastPath(paths: readonly string[]): Agreement {
  const agreement: Agreement = { files: paths.length, blocks: 0, fastPathHits: 0, disagreements: [] };
  for (const path of paths) {
    const split = splitFrontmatter(readFileSync(path, "utf8"));
    if (split.kind === "block") {
      agreement.blocks += 1;
      const fast = readSimpleFrontmatter(split.block.yaml);
      if (fast !== undefined) {
        agreement.fastPathHits += 1;
        if (!isDeepStrictEqual(fast, readFrontmatterYaml(split.block.yaml)))
          agreement.disagreements.push(`reading: ${path}`);
      }
    }
    if (!isDeepStrictEqual(parseFile(path, { fastPath: true }), parseFile(path, { fastPath: false }))) {
      agreement.disagreements.push(`parse: ${path}`);
    }
    const metadata = parseFile(path).entry?.frontmatter.metadata;
    if (metadata !== undefined && !agreesWithJson5(metadata)) agreement.disagreements.push(`metadata JSON: ${path}`);
  }
  return agreement;
}

/** parse-openclaw-metadata tries JSON.parse before JSON5; where JSON succeeds both must agree. */
function agreesWithJson5(text: string): boolean {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return true;
  }
  return isDeepStrictEqual(json, JSON5.parse(text));
}

const isMarkdown = (name: string) => name.endsWith(".md");

/**
 * The whole shared corpus when it sits beside the project; on a fresh clone, its committed
 * sample, where 330 of the 354 files have a closed frontmatter block (21 have none, 3 are
 * unterminated) and the fast path declines 37 blocks: the 33 invalid ones and 4 whose nested
 * YAML (multi-line scalars, trailing comments, sequences of mappings) it leaves to the full parser.
 */
const corpus =
  sharedCorpus === undefined
    ? {
        label: "the committed corpus sample (no shared corpus beside the project)",
        root: corpusSample,
        agreement: { files: 354, blocks: 330, fastPathHits: 293, disagreements: [] },
      }
    : {
        label: "the shared corpus",
        root: sharedCorpus,
        agreement: { files: 2479, blocks: 2395, fastPathHits: 2340, disagreements: [] },
      };

describe("the fast path declines or agrees exactly with the full parser on real files", () => {
  it("on every .md file under fixtures/skills (cases and corpus sample)", () => {
    expect(checkFastPath(listFiles(skillFixtureRoot, isMarkdown))).toStrictEqual({
      files: 450,
      blocks: 396,
      fastPathHits: 352,
      disagreements: [],
    });
  });

  it(`on every SKILL.md of ${corpus.label}`, () => {
    expect(checkFastPath(listFiles(corpus.root, isSkillFile))).toStrictEqual(corpus.agreement);
  });
});
