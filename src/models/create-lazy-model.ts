import type { Model } from "../domain/index.js";
import { errorMessage } from "../domain/index.js";

/**
 * A model whose implementation is loaded on its first call, so a run that never calls a live
 * provider does not pay for loading its SDK (about 200 ms at start-up). Never throws.
 */
export function createLazyModel(id: string, load: () => Promise<Model>): Model {
  let loading: Promise<Model> | undefined;
  return {
    id,
    async complete(request) {
      let model: Model;
      try {
        loading ??= load();
        model = await loading;
      } catch (error) {
        return {
          ok: false,
          error: {
            kind: "other",
            message: `could not load the adapter of ${id}: ${errorMessage(error)}`,
            retryable: false,
          },
        };
      }
      return model.complete(request);
    },
  };
}
