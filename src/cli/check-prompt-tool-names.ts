import { configSuggestKey } from "../config/config-suggest-key.js";
import { escapeInvisible } from "../domain/index.js";
import { CORE_TOOL_NAMES, TOOL_NAME_ALIASES } from "../prompt/tool-catalog.js";
import { TOOL_SUMMARIES } from "../prompt/tool-summaries.js";

/** Tool names the prompt knows (the core catalog and every tool with a built-in summary), sorted. */
export const KNOWN_PROMPT_TOOLS: readonly string[] = [
  ...new Set([...CORE_TOOL_NAMES, ...Object.keys(TOOL_SUMMARIES)]),
].sort();

/**
 * One warning per distinct `--tools` name the prompt does not know (compared in lower case, as
 * the prompt keys tools), naming the closest known tool, or else every known tool. The prompt
 * still lists such a tool, without a summary. Pure.
 */
export function checkPromptToolNames(names: readonly string[]): string[] {
  const known = new Set(KNOWN_PROMPT_TOOLS);
  const seen = new Set<string>();
  const warnings: string[] = [];
  for (const name of names) {
    const key = name.toLowerCase();
    if (known.has(key) || seen.has(key)) continue;
    seen.add(key);
    const closest = TOOL_NAME_ALIASES[key] ?? configSuggestKey(key, KNOWN_PROMPT_TOOLS);
    const hint =
      closest === undefined ? `; known tools: ${KNOWN_PROMPT_TOOLS.join(", ")}` : ` (did you mean ${closest}?)`;
    warnings.push(
      `--tools: ${escapeInvisible(JSON.stringify(name))} is not a known tool; the prompt lists it without a summary${hint}`,
    );
  }
  return warnings;
}
