import { resolve } from "node:path";
import { ClawEvalError, errorMessage } from "../domain/index.js";
import { buildHistoryListing, type HistoryListing } from "../runner/build-history-listing.js";
import { openHistoryStore } from "../runner/history-store.js";
import { historyPathOf } from "./baseline-option.js";
import { type CommandContext, EXIT, UsageError } from "./command-context.js";
import { formatHistoryTable } from "./format-history-table.js";
import { CONFIG_DEFAULTS } from "./run-option-table.js";

function readListing(path: string): HistoryListing {
  let store: ReturnType<typeof openHistoryStore>;
  try {
    store = openHistoryStore(path);
  } catch (error) {
    throw new UsageError(error instanceof ClawEvalError ? error.message : `${path}: ${errorMessage(error)}`);
  }
  try {
    return buildHistoryListing(store.listRuns());
  } finally {
    store.close();
  }
}

/**
 * `claw-eval history [--out dir] [--json]`: the runs recorded in `<out>/history.sqlite`, oldest
 * first, with each model's pass rate and its trend. With `--json`, stdout is exactly one JSON
 * document (`{ runs: [...] }`). No database yet is not an error: the listing is empty (a note
 * on stderr). An unreadable database, or one written by a newer claw-eval, is exit 2.
 */
export async function historyCommand(
  flags: { out?: string; json?: boolean },
  context: CommandContext,
): Promise<number> {
  const { host } = context;
  const path = historyPathOf(resolve(host.cwd, flags.out ?? CONFIG_DEFAULTS.out));
  const exists = (await host.fs.lstat(path)) !== undefined;
  const listing = exists ? readListing(path) : buildHistoryListing([]);
  if (listing.runs.length === 0) {
    host.stderr(`No runs recorded in ${path} yet: \`claw-eval run\` and \`compare\` record each run there.\n`);
  }
  if (flags.json) host.stdout(`${JSON.stringify(listing, null, 2)}\n`);
  else if (listing.runs.length > 0) host.stdout(formatHistoryTable(listing));
  return EXIT.ok;
}
