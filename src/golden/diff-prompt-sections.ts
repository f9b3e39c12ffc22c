import { estimateTokens } from "../platform/estimate-tokens.js";
import type { PromptTextSection } from "./split-prompt-sections.js";

export type SectionChangeKind = "added" | "removed" | "changed";

/** How one section differs between a golden prompt and the actual one. */
export interface SectionChange {
  kind: SectionChangeKind;
  /** The section's key: its heading line (`(preamble)` for text before the first heading). */
  label: string;
  /** The section in the golden prompt; absent when added. */
  golden?: PromptTextSection;
  /** The section in the actual prompt; absent when removed. */
  actual?: PromptTextSection;
  /** Tokens of the actual section minus tokens of the golden one (tokens = ceil(chars / 4)). */
  tokenDelta: number;
}

function tokensOf(section: PromptTextSection | undefined): number {
  return section === undefined ? 0 : estimateTokens(section.text);
}

function change(kind: SectionChangeKind, golden?: PromptTextSection, actual?: PromptTextSection): SectionChange {
  const label = actual?.key ?? golden?.key ?? "";
  return {
    kind,
    label,
    ...(golden === undefined ? {} : { golden }),
    ...(actual === undefined ? {} : { actual }),
    tokenDelta: tokensOf(actual) - tokensOf(golden),
  };
}

/**
 * The sections that were added, removed or changed between two prompts, matched by key, in the
 * actual prompt's order with each removed section placed after its golden predecessor. Equal
 * sections are left out, so an empty list means the prompts are equal. Pure.
 */
export function diffPromptSections(
  golden: readonly PromptTextSection[],
  actual: readonly PromptTextSection[],
): SectionChange[] {
  const goldenIndex = new Map(golden.map((section, index) => [section.key, index]));
  const actualKeys = new Set(actual.map((section) => section.key));
  const changes: SectionChange[] = [];
  let next = 0;
  const removedUpTo = (end: number): void => {
    for (; next < end; next++) {
      const section = golden[next];
      if (section !== undefined && !actualKeys.has(section.key)) changes.push(change("removed", section));
    }
  };
  for (const section of actual) {
    const index = goldenIndex.get(section.key);
    if (index === undefined) {
      changes.push(change("added", undefined, section));
      continue;
    }
    if (index >= next) {
      removedUpTo(index);
      next = index + 1;
    }
    const before = golden[index];
    if (before !== undefined && before.text !== section.text) changes.push(change("changed", before, section));
  }
  removedUpTo(golden.length);
  return changes;
}
