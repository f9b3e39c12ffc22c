export { buildScenarioJsonSchema } from "./build-scenario-json-schema.js";
export type { ScenarioCase } from "./compile-case-template.js";
export { deriveComplianceCategory } from "./derive-compliance-category.js";
export { discoverScenarioFiles, type ScenarioFileEntry, type ScenarioInput } from "./discover-scenario-files.js";
export { copyScenario, materialiseScenario } from "./lazy-case-turns.js";
export { type LoadCasesOptions, type LoadCasesResult, loadCases } from "./load-cases.js";
export {
  displayPathFor,
  type LoadScenariosOptions,
  type LoadScenariosResult,
  loadScenarios,
} from "./load-scenarios.js";
export type { FieldPath, LocateField, TextPosition } from "./locate-yaml-node.js";
export {
  type NormaliseScenarioOptions,
  type NormaliseScenarioResult,
  normaliseScenario,
} from "./normalise-scenario.js";
export { type NormaliseScenarioCasesOptions, normaliseScenarioCases } from "./normalise-scenario-cases.js";
export { parseCsv } from "./parse-csv.js";
export { type CaseRow, type ParsedCaseRows, parseJsonl } from "./parse-jsonl.js";
export {
  type ParseScenarioTextOptions,
  type ParseScenarioTextResult,
  parseScenarioText,
} from "./parse-scenario-text.js";
export { EXPECTATION_TYPES, SCENARIO_KEYS, scenarioFileSchema, TURN_KEYS } from "./scenario-schema.js";
