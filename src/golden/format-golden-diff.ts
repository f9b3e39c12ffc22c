import { structuredPatch } from "diff";
import { diffPromptSections, type SectionChange } from "./diff-prompt-sections.js";
import { splitPromptSections } from "./split-prompt-sections.js";

export interface FormatGoldenDiffOptions {
  /** The golden file as shown in the diff header (relative to the working directory). */
  file: string;
  /** Normalised golden prompt, without the file's trailing newline. */
  golden: string;
  /** Normalised actual prompt. */
  actual: string;
  /** The new side in the diff header (default `system prompt`). */
  actualLabel?: string;
}

export interface GoldenDiff {
  /** Sections added, removed or changed, in prompt order. */
  changes: SectionChange[];
  /** One headline, then one line per section: `~ changed  ## Workspace  (+12 tokens)`. */
  summary: string;
  /** Unified diff of the changed sections (line numbers of the whole prompts), hunks named by section. */
  patch: string;
  /** `summary`, a blank line, `patch`. */
  text: string;
}

const CONTEXT_LINES = 3;

const MARKS: Record<SectionChange["kind"], string> = { changed: "~ changed", added: "+ added", removed: "- removed" };

function formatTokenDelta(delta: number): string {
  if (delta === 0) return "±0 tokens";
  return `${delta > 0 ? "+" : ""}${delta} token${Math.abs(delta) === 1 ? "" : "s"}`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function formatSummary(changes: readonly SectionChange[]): string {
  if (changes.length === 0) return "the same sections, in a different order";
  const counts = (["changed", "added", "removed"] as const)
    .map((kind) => [kind, changes.filter((entry) => entry.kind === kind).length] as const)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}`);
  const total = changes.reduce((sum, entry) => sum + entry.tokenDelta, 0);
  const headline = `${plural(changes.length, "section")} differ${changes.length === 1 ? "s" : ""} (${counts.join(", ")}), ${formatTokenDelta(total)}`;
  const lines = changes.map((entry) => `${MARKS[entry.kind]}  ${entry.label}  (${formatTokenDelta(entry.tokenDelta)})`);
  return [headline, ...lines].join("\n");
}

interface Region {
  golden: { text: string; startLine: number };
  actual: { text: string; startLine: number };
  label: string | null;
}

function formatHunks(region: Region): string[] {
  const patch = structuredPatch("", "", `${region.golden.text}\n`, `${region.actual.text}\n`, undefined, undefined, {
    context: CONTEXT_LINES,
  });
  return patch.hunks.flatMap((hunk) => {
    const oldStart = hunk.oldStart + region.golden.startLine - 1;
    const newStart = hunk.newStart + region.actual.startLine - 1;
    const name = region.label === null ? "" : ` ${region.label}`;
    return [`@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@${name}`, ...hunk.lines];
  });
}

/**
 * What a golden mismatch shows: a per-section summary naming each added, removed or changed
 * section by its heading with its token delta, then a unified diff of the changed sections only
 * (added and removed sections are named in the summary). When the sections are equal but
 * ordered differently, the diff covers the whole prompt; equal prompts give `no differences`. Pure.
 */
export function formatGoldenDiff(options: FormatGoldenDiffOptions): GoldenDiff {
  if (options.golden === options.actual)
    return { changes: [], summary: "no differences", patch: "", text: "no differences" };
  const golden = splitPromptSections(options.golden);
  const actual = splitPromptSections(options.actual);
  const changes = diffPromptSections(golden, actual);
  const regions: Region[] =
    changes.length === 0
      ? [
          {
            golden: { text: options.golden, startLine: 1 },
            actual: { text: options.actual, startLine: 1 },
            label: null,
          },
        ]
      : changes.flatMap((entry) =>
          entry.kind === "changed" && entry.golden !== undefined && entry.actual !== undefined
            ? [{ golden: entry.golden, actual: entry.actual, label: entry.label }]
            : [],
        );
  const hunks = regions.flatMap(formatHunks);
  const header = [`--- ${options.file}`, `+++ ${options.actualLabel ?? "system prompt"}`];
  const patch = hunks.length === 0 ? "" : [...header, ...hunks].join("\n");
  const summary = formatSummary(changes);
  return { changes, summary, patch, text: patch === "" ? summary : `${summary}\n\n${patch}` };
}
