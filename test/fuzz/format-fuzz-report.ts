import { type CampaignResult, type ClassTally, FUZZ_CATEGORIES, type FuzzFailure } from "./fuzz-types.js";

const COLUMNS = ["inputs", "cli", "diagnostics", "passes", "failures", "skipped"] as const;

function row(name: string, tally: Pick<ClassTally, (typeof COLUMNS)[number]>): string {
  return `${name.padEnd(36)}${COLUMNS.map((column) => String(tally[column]).padStart(12)).join("")}`;
}

function sum(tallies: readonly ClassTally[]): Pick<ClassTally, (typeof COLUMNS)[number]> {
  const total = { inputs: 0, cli: 0, diagnostics: 0, passes: 0, failures: 0, skipped: 0 };
  for (const tally of tallies) for (const column of COLUMNS) total[column] += tally[column];
  return total;
}

/** The command that runs one failing input again, keeping its files for a look. */
export function replayCommand(failure: FuzzFailure): string {
  return `node --import tsx test/fuzz/run-fuzz.ts --class ${failure.className} --input-seed ${failure.inputSeed} --transport ${failure.transport} --keep fuzz-failures`;
}

/**
 * The campaign as text: counts per category and per class, then each failing class with up to
 * `examples` failures (what the input was, what broke, how to run it again). Pure.
 */
export function formatFuzzReport(result: CampaignResult, options: { examples?: number } = {}): string {
  const header = `${"category".padEnd(36)}${COLUMNS.map((column) => column.padStart(12)).join("")}`;
  const lines = [`fuzz campaign, seed ${result.seed}`, "", header];
  for (const category of FUZZ_CATEGORIES) {
    const tallies = result.tallies.filter((tally) => tally.category === category);
    if (tallies.length > 0) lines.push(row(category, sum(tallies)));
  }
  lines.push(row("total", sum(result.tallies)), "", "per class (and its wall time):");
  for (const tally of result.tallies)
    lines.push(`${row(`  ${tally.name}`, tally)}${`${(tally.ms / 1000).toFixed(1)} s`.padStart(10)}`);
  lines.push("");
  if (result.strayEscapes.length > 0)
    lines.push(`escapes found by the final scan of the temp folder: ${result.strayEscapes.join(", ")}`, "");
  if (result.failures.length === 0) {
    lines.push("no failures");
    return `${lines.join("\n")}\n`;
  }
  lines.push(`${result.failures.length} failing inputs in ${result.failingClasses.length} classes:`);
  for (const className of result.failingClasses) {
    const failures = result.failures.filter((failure) => failure.className === className);
    const kinds = [
      ...new Set(failures.flatMap((failure) => failure.violations.map((violation) => violation.kind))),
    ].join(", ");
    lines.push("", `${className}: ${failures.length} failing (${kinds})`);
    for (const failure of failures.slice(0, options.examples ?? 3)) {
      lines.push(`  input: ${failure.label.slice(0, 200)} [${failure.transport}, input seed ${failure.inputSeed}]`);
      for (const violation of failure.violations)
        lines.push(`    ${violation.kind}: ${violation.detail.slice(0, 400)}`);
      lines.push(`    again: ${replayCommand(failure)}`);
    }
  }
  return `${lines.join("\n")}\n`;
}
