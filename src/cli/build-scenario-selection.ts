import type { ScenarioSelection } from "../runner/select-scenarios.js";
import { negatedTag } from "../runner/select-scenarios.js";
import { parseTextPattern, type TextPattern } from "../runner/text-pattern.js";
import { UsageError } from "./command-context.js";

/** Most `--exclude` and `--tag` values one run takes. */
export const MAX_SELECTION_VALUES = 100;

function patternOf(option: string, text: string): TextPattern {
  const parsed = parseTextPattern(text);
  if (parsed.ok) return parsed.pattern;
  throw new UsageError(
    `${option}: ${parsed.problem} in "${text.slice(0, 80)}"; write plain text, or a regex as /pattern/flags (flags i, m, s)`,
  );
}

/**
 * The scenario selection of `--filter`, `--exclude` and `--tag`, each checked: a `/regex/` must
 * compile on the linear-time engine within its length limit, a tag must not be empty (`!` alone).
 * Throws a `UsageError` naming the option. Pure.
 */
export function buildScenarioSelection(flags: {
  filter?: string;
  exclude?: readonly string[];
  tag?: readonly string[];
}): ScenarioSelection {
  const exclude = flags.exclude ?? [];
  const tags = flags.tag ?? [];
  if (exclude.length > MAX_SELECTION_VALUES || tags.length > MAX_SELECTION_VALUES) {
    throw new UsageError(`--exclude and --tag: at most ${MAX_SELECTION_VALUES} of each`);
  }
  for (const tag of tags) {
    if (tag === "" || negatedTag(tag) === "") {
      throw new UsageError(`--tag: expected a tag, or !tag to skip scenarios with it, found "${tag}"`);
    }
  }
  return {
    ...(flags.filter ? { filter: patternOf("--filter", flags.filter) } : {}),
    ...(exclude.length > 0 ? { exclude: exclude.map((text) => patternOf("--exclude", text)) } : {}),
    ...(tags.length > 0 ? { tags } : {}),
  };
}
