import { describe, expect, it } from "vitest";
import { corpusSample, isSkillFile, listFiles, sharedCorpus, summariseParse } from "./corpus-files.js";

// Legacy manifest keys (`clawdbot`, `clawdis`, `moltbot`) are not read (spec §2.4), which is why
// few files carry a manifest although about a third have `metadata`. Folder names in the corpus
// are `<owner>--<skill>`, hence the many name-mismatch warnings.
describe("parseSkillFile over real SKILL.md files", () => {
  it("pins the outcome on the committed corpus sample", () => {
    expect(summariseParse(listFiles(corpusSample, isSkillFile))).toStrictEqual({
      files: 354,
      loaded: 297,
      rejected: { "invalid-frontmatter": 33, "missing-description": 24 },
      withManifest: 16,
      hiddenFromModel: 0,
      notUserInvocable: 5,
      warnings: { "name-format": 10, "name-mismatch": 192 },
      threw: [],
    });
  });

  it.skipIf(sharedCorpus === undefined)("pins the outcome on the whole shared corpus, without a throw", () => {
    expect(summariseParse(listFiles(sharedCorpus ?? "", isSkillFile))).toStrictEqual({
      files: 2479,
      loaded: 2362,
      rejected: { "invalid-frontmatter": 33, "missing-description": 84 },
      withManifest: 114,
      hiddenFromModel: 2,
      notUserInvocable: 57,
      warnings: { "description-too-long": 1, "name-format": 83, "name-mismatch": 1529 },
      threw: [],
    });
  });
});
