import type { Model, ModelResponse } from "../domain/index.js";
import { errorMessage } from "../domain/index.js";
import { createSecretRedactor } from "../platform/create-secret-redactor.js";
import { CASSETTE_FILE_VERSION, type Cassette, type CassetteInteraction } from "./cassette-file.js";
import { cassetteKey, normaliseModelRequest } from "./cassette-key.js";
import { placeholdResponsePaths } from "./cassette-response-paths.js";
import type { CassetteStore } from "./cassette-store.js";
import { contextWindowField } from "./context-windows.js";
import type { CassettePathPlaceholder } from "./normalise-cassette-text.js";

export interface CassetteRecordingOptions {
  store: CassetteStore;
  /** The file of this (work unit, repeat), from `cassettePath`. */
  cassettePath: string;
  /** Run-specific paths and their placeholders, e.g. workspace → `<workspace>`, HOME → `~`. */
  paths: readonly CassettePathPlaceholder[];
  /**
   * Values that must never reach the file (the caller passes the API keys it knows); every
   * occurrence in anything written, in any string or object key and in any common encoding,
   * becomes `[redacted]`, as do credential header values. Default none.
   */
  secrets?: readonly string[];
}

/** A model that records every call it passes on. */
export interface RecordingModel extends Model {
  /** The interactions recorded so far, in call order (not yet scrubbed). */
  readonly interactions: readonly CassetteInteraction[];
  /**
   * Writes the cassette file atomically with the calls that have completed, replacing any
   * earlier file. Call once the unit is done; may be called again. Rejects on I/O failure.
   */
  flush(): Promise<void>;
}

/**
 * Wraps `model` so each call is passed on unchanged and recorded as `{ key, request, response }`:
 * the request normalised (no headers, signal or script), the response with the run's paths as
 * placeholders. Failures are recorded too (`response.ok === false`), so a replay meets the same
 * errors in the same order. Interactions keep call order, also for overlapping calls. Never throws.
 */
export function withCassetteRecording(model: Model, options: CassetteRecordingOptions): RecordingModel {
  const redactor = createSecretRedactor(options.secrets ?? []);
  const slots: (CassetteInteraction | undefined)[] = [];
  const interactions = (): CassetteInteraction[] =>
    slots.filter((slot): slot is CassetteInteraction => slot !== undefined);
  return {
    id: model.id,
    ...contextWindowField(model),
    get interactions() {
      return interactions();
    },
    async complete(request) {
      const normalised = normaliseModelRequest(request, { paths: options.paths });
      const slot = slots.push(undefined) - 1;
      let response: ModelResponse;
      try {
        response = await model.complete(request);
      } catch (error) {
        response = {
          ok: false,
          error: { kind: "other", retryable: false, message: `model ${model.id} threw: ${errorMessage(error)}` },
        };
      }
      slots[slot] = {
        key: cassetteKey(normalised),
        request: normalised,
        response: placeholdResponsePaths(response, options.paths),
      };
      return response;
    },
    async flush() {
      const cassette: Cassette = { version: CASSETTE_FILE_VERSION, model: model.id, interactions: interactions() };
      await options.store.write(options.cassettePath, redactor.redactValue(cassette));
    },
  };
}
