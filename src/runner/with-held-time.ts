import type { Model } from "../domain/index.js";

/**
 * A live model whose calls stop the unit's simulated time while they are in flight, so no
 * simulated timeout (a compaction's, a retry's) fires during real network latency.
 */
export function withHeldTime(model: Model, holdTime: () => () => void): Model {
  return {
    id: model.id,
    ...(model.contextWindow === undefined ? {} : { contextWindow: model.contextWindow }),
    async complete(request) {
      const release = holdTime();
      try {
        return await model.complete(request);
      } finally {
        release();
      }
    },
  };
}
