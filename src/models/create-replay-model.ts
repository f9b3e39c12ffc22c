import type { Model, ModelResponse } from "../domain/index.js";
import { errorMessage } from "../domain/index.js";
import type { Cassette } from "./cassette-file.js";
import { cassetteKey, type NormalisedModelRequest, normaliseModelRequest } from "./cassette-key.js";
import { restoreResponsePaths } from "./cassette-response-paths.js";
import type { CassetteStore } from "./cassette-store.js";
import { contextWindowOfModelId } from "./context-windows.js";
import { findNearestCassetteRequest } from "./diff-cassette-requests.js";
import type { CassettePathPlaceholder } from "./normalise-cassette-text.js";
import { streamResponseText } from "./stream-response-text.js";

export interface ReplayModelOptions {
  /** The id of the recorded model (the replay model reports it as its own). */
  id: string;
  store: CassetteStore;
  /** The file of this (work unit, repeat), from `cassettePath`. */
  cassettePath: string;
  /** This run's paths and their placeholders, as given when recording. */
  paths: readonly CassettePathPlaceholder[];
}

function failure(message: string): ModelResponse {
  return { ok: false, error: { kind: "other", retryable: false, message } };
}

function describeMiss(cassette: Cassette, path: string, request: NormalisedModelRequest, key: string): string {
  const where = `turn ${request.turnIndex + 1}, repeat ${request.repeat + 1}`;
  const recordedTimes = cassette.interactions.filter((interaction) => interaction.key === key).length;
  if (recordedTimes > 0) {
    return (
      `cassette ${path}: the request of ${where} was recorded ${recordedTimes} time${recordedTimes === 1 ? "" : "s"} ` +
      "and every recording has been served; record again with --record"
    );
  }
  const nearest = findNearestCassetteRequest(
    cassette.interactions.map((interaction) => interaction.request),
    request,
  );
  const head = `cassette ${path} has no recording of this request (${where}, key ${key.slice(0, 12)})`;
  if (nearest === undefined) return `${head}; the cassette is empty. Record again with --record`;
  const recorded = cassette.interactions[nearest.index]?.request;
  const recordedWhere = recorded === undefined ? "" : ` (turn ${recorded.turnIndex + 1})`;
  return (
    `${head}. Nearest recorded request: interaction ${nearest.index + 1} of ${cassette.interactions.length}` +
    `${recordedWhere}, ${nearest.diff.changedLines} line${nearest.diff.changedLines === 1 ? "" : "s"} differ:\n` +
    `${nearest.diff.patch}\nRecord again with --record if the change is intended.`
  );
}

/**
 * A model that answers from a cassette, with no network. Each call normalises the request and
 * serves the first not yet served interaction with the same key (a key recorded several times
 * is served in recorded order), with this run's paths put back. The file is read on the first
 * call. A missing file, an invalid file and a miss come back as `{ ok: false }` errors of kind
 * `other`, not retryable; a miss names the nearest recorded request with a diff. A request with
 * `onTextDelta` gets the recorded text streamed in the pieces of `splitTextDeltas`. Never throws.
 */
export function createReplayModel(options: ReplayModelOptions): Model {
  let loading: Promise<Cassette | string> | undefined;
  const served = new Set<number>();
  const load = async (): Promise<Cassette | string> => {
    try {
      const cassette = await options.store.read(options.cassettePath);
      if (cassette !== undefined) return cassette;
      return `no cassette at ${options.cassettePath} for model ${options.id}: record it first with --record`;
    } catch (error) {
      return `cannot replay model ${options.id}: ${errorMessage(error)}`;
    }
  };
  const contextWindow = contextWindowOfModelId(options.id);
  return {
    id: options.id,
    ...(contextWindow === undefined ? {} : { contextWindow }),
    async complete(request) {
      loading ??= load();
      const cassette = await loading;
      if (typeof cassette === "string") return failure(cassette);
      const normalised = normaliseModelRequest(request, { paths: options.paths });
      const key = cassetteKey(normalised);
      const index = cassette.interactions.findIndex(
        (interaction, position) => interaction.key === key && !served.has(position),
      );
      const interaction = cassette.interactions[index];
      if (interaction === undefined) return failure(describeMiss(cassette, options.cassettePath, normalised, key));
      served.add(index);
      return streamResponseText(restoreResponsePaths(interaction.response, options.paths), request);
    },
  };
}
