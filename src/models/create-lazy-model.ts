import type { Model } from "../domain/index.js";
import { errorMessage } from "../domain/index.js";

export interface LazyModelOptions {
  id: string;
  /** Tokens; known before loading (from the model table), so the context engine needs no call. */
  contextWindow?: number;
  load: () => Promise<Model>;
}

/**
 * A model whose implementation is loaded on its first call, so a run that never calls a live
 * provider does not pay for loading its SDK (about 200 ms at start-up). Never throws.
 */
export function createLazyModel(options: LazyModelOptions): Model {
  const { id, load } = options;
  let loading: Promise<Model> | undefined;
  return {
    id,
    ...(options.contextWindow === undefined ? {} : { contextWindow: options.contextWindow }),
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
