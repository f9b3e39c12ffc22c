import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import {
  corpusSample,
  isSkillFile,
  listFiles,
  type ParseOutcome,
  sharedCorpus,
  summariseParse,
} from "./corpus-files.js";

// Every figure of the sample was checked outside parseSkillFile: 354 MANIFEST rows, each
// byte-identical to its shared-corpus file; 21 files without frontmatter and 3 unterminated
// (24 missing-description); the 33 rows selected as invalid-frontmatter; 192 MANIFEST name
// guesses that differ from their folder, 10 that are not kebab-case; 5 `user-invocable: false`.
const SAMPLE_OUTCOME: ParseOutcome = {
  files: 354,
  loaded: 297,
  rejected: { "invalid-frontmatter": 33, "missing-description": 24 },
  withManifest: 16,
  hiddenFromModel: 0,
  notUserInvocable: 5,
  warnings: { "name-format": 10, "name-mismatch": 192 },
  threw: [],
};

const WHOLE_OUTCOME: ParseOutcome = {
  files: 2479,
  loaded: 2362,
  rejected: { "invalid-frontmatter": 33, "missing-description": 84 },
  withManifest: 114,
  hiddenFromModel: 2,
  notUserInvocable: 57,
  warnings: { "description-too-long": 1, "name-format": 83, "name-mismatch": 1529 },
  threw: [],
};

/** The whole shared corpus when it sits beside the project; on a fresh clone, its committed sample. */
const corpus =
  sharedCorpus === undefined
    ? {
        label: "the committed sample (no shared corpus beside the project)",
        root: corpusSample,
        outcome: SAMPLE_OUTCOME,
      }
    : { label: "the whole shared corpus", root: sharedCorpus, outcome: WHOLE_OUTCOME };

/** The `corpus_path` of every SKILL.md row of a corpus MANIFEST.tsv, sorted. */
function manifestSkillPaths(root: string): string[] {
  const [header, ...rows] = readFileSync(join(root, "MANIFEST.tsv"), "utf8").trimEnd().split("\n");
  const column = (header ?? "").split("\t").indexOf("corpus_path");
  const paths = rows.map((row) => row.split("\t")[column] ?? "").filter((path) => /(^|\/)SKILL\.md$/.test(path));
  return paths.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

// Legacy manifest keys (`clawdbot`, `clawdis`, `moltbot`) are not read (spec §2.4), which is why
// few files carry a manifest although about a third have `metadata`. Folder names in the corpus
// are `<owner>--<skill>`, hence the many name-mismatch warnings.
describe("parseSkillFile over real SKILL.md files", () => {
  it("pins the outcome on the committed corpus sample", () => {
    expect(summariseParse(listFiles(corpusSample, isSkillFile))).toStrictEqual(SAMPLE_OUTCOME);
  });

  it(`pins the outcome on ${corpus.label}, which holds exactly its MANIFEST's SKILL.md rows, without a throw`, () => {
    const paths = listFiles(corpus.root, isSkillFile);
    expect(paths.map((path) => relative(corpus.root, path))).toEqual(manifestSkillPaths(corpus.root));
    expect(summariseParse(paths)).toStrictEqual(corpus.outcome);
  });
});
