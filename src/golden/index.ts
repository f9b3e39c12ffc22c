export {
  type CompareGoldenOptions,
  compareGolden,
  type GoldenComparison,
  type GoldenMode,
  type GoldenPolicy,
  type GoldenStatus,
} from "./compare-golden.js";
export {
  type CreateGoldenCheckerOptions,
  createGoldenChecker,
  type GoldenChecker,
  type GoldenCheckRequest,
} from "./create-golden-checker.js";
export {
  diffPromptSections,
  type SectionChange,
  type SectionChangeKind,
} from "./diff-prompt-sections.js";
export { findObsoleteGolden, goldenFoldersOf } from "./find-obsolete-golden.js";
export { type FormatGoldenDiffOptions, formatGoldenDiff, type GoldenDiff } from "./format-golden-diff.js";
export { formatGoldenFile, parseGoldenFile } from "./golden-file-text.js";
export { listGoldenFiles, readGoldenFile, removeGoldenFiles, writeGoldenFile } from "./golden-store.js";
export { isCiEnvironment } from "./is-ci-environment.js";
export { type NormalisePromptOptions, normalisePrompt, type PathPlaceholder } from "./normalise-prompt.js";
export { type PromptTextSection, splitPromptSections } from "./split-prompt-sections.js";
