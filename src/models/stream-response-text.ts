import type { ModelRequest, ModelResponse } from "../domain/index.js";
import { splitTextDeltas } from "./split-text-deltas.js";

/**
 * Plays the text of a finished response as a stream, for models that have the whole reply at
 * once (scripted, simulated, replayed): when the request asks for deltas, each text block of a
 * successful response goes to `request.onTextDelta` in the pieces of `splitTextDeltas`, in
 * block order. Returns the response unchanged.
 */
export function streamResponseText(response: ModelResponse, request: Pick<ModelRequest, "onTextDelta">): ModelResponse {
  const { onTextDelta } = request;
  if (onTextDelta === undefined || !response.ok) return response;
  for (const block of response.message.content) {
    if (block.type !== "text") continue;
    for (const piece of splitTextDeltas(block.text)) onTextDelta(piece);
  }
  return response;
}
