import { formatComparisonTable } from "../reporters/format-comparison-table.js";
import { buildComparison } from "../runner/build-comparison.js";
import { type CommandContext, UsageError } from "./command-context.js";
import { type RunCommandOptions, runCommand } from "./run-command.js";

export type CompareCommandOptions = Pick<RunCommandOptions, "model" | "repeat" | "reporter" | "out" | "shard">;

/**
 * `claw-eval compare [paths..] --model a --model b..`: runs the scenarios like `run` with those
 * models, adds `comparison` to the result before any report is written, prints the comparison
 * table and exits like `run`. Fewer than two distinct models is a usage error (exit 2). With
 * `--shard i/n` the comparison covers the shard's units; `merge` recomputes it over all shards.
 */
export async function compareCommand(
  paths: string[],
  flags: CompareCommandOptions,
  context: CommandContext,
): Promise<number> {
  const models = [...new Set(flags.model ?? [])];
  if (models.length < 2) {
    throw new UsageError(
      `compare needs at least two distinct models (--model a --model b), found ${models.length === 0 ? "none" : `only "${models[0]}"`}`,
    );
  }
  return runCommand(paths, { ...flags, model: models }, context, {
    enrich: (result) => ({ ...result, comparison: buildComparison(result, { models }) }),
    epilogue: (result) => (result.comparison ? `\n${formatComparisonTable(result.comparison)}` : ""),
  });
}
