import { relative, resolve } from "node:path";
import type { RunResult } from "../domain/index.js";
import { removeGoldenFiles } from "../golden/index.js";
import type { CommandContext } from "./command-context.js";

/**
 * After a run that updated golden files: prints each file written (`printWritten`), removes the
 * obsolete golden files when `removeObsolete` (the run covered the whole suite) and prints each
 * one removed. Only `.md` files inside the working directory are removed. Returns the result
 * with `obsoleteGolden` reduced to the files still there.
 */
export async function applyGoldenUpdate(options: {
  result: RunResult;
  context: CommandContext;
  removeObsolete: boolean;
  printWritten: boolean;
}): Promise<RunResult> {
  const { result, context } = options;
  const { host } = context;
  if (options.printWritten) {
    const written = new Set(
      result.units
        .flatMap((unit) => (unit.golden ?? []).filter((check) => check.status === "written"))
        .map((check) => check.file),
    );
    for (const file of [...written].sort()) host.stdout(`golden: wrote ${file}\n`);
  }
  if (!options.removeObsolete || result.obsoleteGolden.length === 0) {
    if (result.obsoleteGolden.length > 0) {
      host.stdout(
        `golden: ${result.obsoleteGolden.length} obsolete file(s) kept: only a run of the whole suite (no paths, --filter, --exclude, --tag, --shard or --last-failed) removes them\n`,
      );
    }
    return result;
  }
  const { removed, kept } = await removeGoldenFiles({
    fs: host.fs,
    root: host.cwd,
    files: result.obsoleteGolden.map((file) => resolve(host.cwd, file)),
  });
  const shown = (file: string): string => relative(host.cwd, file) || file;
  for (const file of removed) host.stdout(`golden: removed ${shown(file)}\n`);
  return { ...result, obsoleteGolden: kept.map(shown) };
}
