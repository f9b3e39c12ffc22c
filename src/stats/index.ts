export {
  type BuildCompactionComparisonOptions,
  buildCompactionComparison,
} from "./build-compaction-comparison.js";
export {
  type BuildMemoryComparisonOptions,
  buildMemoryComparison,
  isMemoryCheck,
  MEMORY_CHECK_TYPES,
} from "./build-memory-comparison.js";
export { type ClusterBootstrapOptions, clusterBootstrap, type MeanInterval } from "./cluster-bootstrap.js";
export { clusteredMcNemar } from "./clustered-mcnemar.js";
export {
  type ClusterCount,
  type ClusteredRateInterval,
  type ClusteredWilsonOptions,
  clusteredWilsonInterval,
  countByCluster,
} from "./clustered-wilson-interval.js";
export {
  type CompareModelsOptions,
  compareModels,
  type ModelComparison,
  type PairedOutcome,
} from "./compare-models.js";
export { type ComparePreservationOptions, comparePreservation, type PairedRates } from "./compare-preservation.js";
export { exactMcNemar } from "./exact-mcnemar.js";
export { meanPassAtK, passAtK } from "./pass-at-k.js";
export { meanPassHatK, passHatK } from "./pass-hat-k.js";
export { percentile } from "./percentile.js";
export type { RepeatOutcome } from "./repeat-outcome.js";
export { type SignFlipResult, type SignFlipTestOptions, signFlipTest } from "./sign-flip-test.js";
export { type RateInterval, WILSON_Z_95, type WilsonOptions, wilsonBounds, wilsonInterval } from "./wilson-interval.js";
