import type { ModelResponse } from "../domain/index.js";
import { createPathReplacer } from "../platform/create-path-replacer.js";
import { escapeRegExp } from "../platform/escape-reg-exp.js";
import { type CassettePathPlaceholder, mapCassetteStrings } from "./normalise-cassette-text.js";

/**
 * Where a placeholder in a recorded response stands for a path: `<name>` placeholders
 * anywhere; others (such as `~`) only as a path start, at the beginning of the text or after
 * white space, a quote, `=`, `(`, `:` or `,`, and followed by `/` or the end of the token.
 */
function placeholderPattern(placeholder: string): RegExp {
  const escaped = escapeRegExp(placeholder);
  if (/^<[^<>]+>$/.test(placeholder)) return new RegExp(escaped, "g");
  return new RegExp(`(?<=^|[\\s"'=(:,])${escaped}(?=/|$|[\\s"'),])`, "g");
}

/**
 * A response as recorded: the run's paths (workspace, HOME, ...) inside any string, tool call
 * inputs included, become their placeholders (each path as a whole), so a replay in another
 * temp folder can put its own paths back. Pure.
 */
export function placeholdResponsePaths(
  response: ModelResponse,
  paths: readonly CassettePathPlaceholder[],
): ModelResponse {
  return mapCassetteStrings(response, createPathReplacer({ paths }));
}

/** The inverse of {@link placeholdResponsePaths} with this run's paths. Pure. */
export function restoreResponsePaths(
  response: ModelResponse,
  paths: readonly CassettePathPlaceholder[],
): ModelResponse {
  const patterns = paths
    .filter(([path]) => path.length > 1)
    .map(([path, placeholder]) => [placeholderPattern(placeholder), path] as const);
  return mapCassetteStrings(response, (text) =>
    patterns.reduce((result, [pattern, path]) => result.replace(pattern, () => path), text),
  );
}
