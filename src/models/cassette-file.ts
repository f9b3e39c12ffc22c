import { z } from "zod";
import type { ModelResponse } from "../domain/index.js";
import type { NormalisedModelRequest } from "./cassette-key.js";

export const CASSETTE_FILE_VERSION = 1;

/**
 * One recorded model call. `response` is what the model returned, failures included (`ok: false`
 * marks a recorded failure, which replay serves again). Paths in it use the request's placeholders.
 */
export interface CassetteInteraction {
  /** `cassetteKey(request)`. */
  key: string;
  request: NormalisedModelRequest;
  response: ModelResponse;
}

/** The content of one cassette file: the calls of one (work unit, repeat), in call order. */
export interface Cassette {
  version: typeof CASSETTE_FILE_VERSION;
  /** Id of the recorded model, e.g. `anthropic:claude-x`. */
  model: string;
  interactions: CassetteInteraction[];
}

const cassetteSchema = z.object({
  version: z.literal(CASSETTE_FILE_VERSION),
  model: z.string(),
  interactions: z.array(
    z.object({
      key: z.string().regex(/^[0-9a-f]{64}$/),
      request: z.object({
        turnIndex: z.number().int().nonnegative(),
        repeat: z.number().int().nonnegative(),
        systemPrompt: z.string(),
        messages: z.array(z.record(z.string(), z.unknown())),
        tools: z.array(z.record(z.string(), z.unknown())),
      }),
      response: z.union([
        z.object({ ok: z.literal(true), message: z.record(z.string(), z.unknown()) }).loose(),
        z.object({ ok: z.literal(false), error: z.object({ kind: z.string(), message: z.string() }).loose() }).loose(),
      ]),
    }),
  ),
});

/** A cassette from file text, or why the text is not one (`field: problem`). Pure. */
export function parseCassetteFile(text: string): { ok: true; cassette: Cassette } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `not JSON: ${(error as Error).message}` };
  }
  const parsed = cassetteSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || "(root)";
    return { ok: false, error: `${where}: ${issue?.message ?? "invalid cassette"}` };
  }
  // The schema checks the envelope; messages and responses are kept as recorded.
  return { ok: true, cassette: json as Cassette };
}

/** The file text of a cassette: two-space JSON and a final newline, so diffs stay readable. Pure. */
export function formatCassetteFile(cassette: Cassette): string {
  return `${JSON.stringify(cassette, null, 2)}\n`;
}
