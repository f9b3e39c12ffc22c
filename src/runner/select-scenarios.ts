import type { Scenario } from "../domain/index.js";
import type { TextPattern } from "./text-pattern.js";

/** Which scenarios a run keeps (`--filter`, `--exclude`, `--tag`). */
export interface ScenarioSelection {
  /** Keep scenarios whose id or name matches. */
  filter?: TextPattern;
  /** Drop scenarios whose id or name matches any of these. */
  exclude?: readonly TextPattern[];
  /**
   * Keep scenarios with at least one of the plain tags (when there are any) and none of the tags
   * written `!tag`.
   */
  tags?: readonly string[];
}

/** The tag a `!tag` selection skips, or `undefined` for a plain tag. */
export function negatedTag(tag: string): string | undefined {
  return tag.startsWith("!") ? tag.slice(1) : undefined;
}

/** Whether `selection` keeps `scenario`. Pure. */
export function isScenarioSelected(scenario: Scenario, selection: ScenarioSelection): boolean {
  const matches = (pattern: TextPattern): boolean => pattern.test(scenario.id) || pattern.test(scenario.name);
  if (selection.filter !== undefined && !matches(selection.filter)) return false;
  if (selection.exclude?.some(matches)) return false;
  const tags = selection.tags ?? [];
  const wanted = tags.filter((tag) => negatedTag(tag) === undefined);
  if (wanted.length > 0 && !wanted.some((tag) => scenario.tags.includes(tag))) return false;
  return !tags.some((tag) => {
    const skipped = negatedTag(tag);
    return skipped !== undefined && scenario.tags.includes(skipped);
  });
}

/** Whether `selection` keeps every scenario whatever it holds. Pure. */
export function selectsEverything(selection: ScenarioSelection): boolean {
  return selection.filter === undefined && !selection.exclude?.length && !selection.tags?.length;
}
