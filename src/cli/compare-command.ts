import { formatComparisonTable } from "../reporters/format-comparison-table.js";
import { buildComparison } from "../runner/build-comparison.js";
import { type CommandContext, EXIT, UsageError } from "./command-context.js";
import { loadRunInputs } from "./load-run-inputs.js";
import { printDiagnostics, type RunCommandOptions, runCommand } from "./run-command.js";

/** Every `run` option but `--update-golden` (see `addRunOptions`). */
export type CompareCommandOptions = Omit<RunCommandOptions, "updateGolden">;

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
  // The models may come from the config file, so it is read before they are counted.
  const configured = await loadRunInputs({ paths, flags, context });
  if ("diagnostics" in configured) {
    printDiagnostics(context, configured.diagnostics);
    return EXIT.invalid;
  }
  const models = [...new Set(configured.flags.model ?? [])];
  if (models.length < 2) {
    throw new UsageError(
      `compare needs at least two distinct models (--model a --model b, or models in the config file), found ${models.length === 0 ? "none" : `only "${models[0]}"`}`,
    );
  }
  const { updateGolden: _runOnly, ...options } = configured.flags;
  return runCommand(configured.paths, { ...options, model: models }, context, {
    command: "compare",
    enrich: (result) => ({ ...result, comparison: buildComparison(result, { models }) }),
    epilogue: (result) => (result.comparison ? `\n${formatComparisonTable(result.comparison)}` : ""),
  });
}
