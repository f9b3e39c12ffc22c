import { errorMessage, escapeInvisible, type Host } from "../domain/index.js";
import { checkModelId } from "../scenarios/check-model-id.js";
import { MAX_REPEAT, MAX_UNITS } from "../scenarios/scenario-limits.js";
import { UsageError } from "./command-context.js";

// Input checks of `claw-eval run` that need no scenario file: each throws a UsageError (exit 2)
// naming the flag or setting to fix, before anything runs.

/** Every `-m/--model` id must name a model some provider can build (API keys are checked later). */
export function checkModelFlags(models: readonly string[] | undefined): void {
  for (const id of models ?? []) {
    const checked = checkModelId(id);
    if (checked === undefined) continue;
    const hint = checked.suggestion === undefined ? "" : ` (did you mean ${checked.suggestion}?)`;
    throw new UsageError(escapeInvisible(`-m/--model: ${checked.problem}${hint}`));
  }
}

/** `--repeat` is bounded like a scenario's `repeat`. */
export function checkRepeatFlag(repeat: number | undefined): void {
  if (repeat === undefined || repeat <= MAX_REPEAT) return;
  throw new UsageError(`--repeat: expected a positive integer of at most ${MAX_REPEAT}, found "${repeat}"`);
}

/** A run may hold at most `MAX_UNITS` work units after filters and shard (`count` from `countUnits`). */
export function checkPlannedUnits(count: number): void {
  if (count <= MAX_UNITS) return;
  throw new UsageError(
    `the run would have ${count} work units, more than the limit of ${MAX_UNITS}: lower --repeat or the scenarios' repeat, models or cases, or split the run with --filter, --tag or --shard`,
  );
}

/**
 * Every unit runs in folders made under the system temp folder (`TMPDIR`); one probe folder,
 * made and removed, shows it is usable, so a bad one is reported once instead of by every unit.
 */
export async function checkTempFolder(host: Host): Promise<void> {
  let probe: string;
  try {
    probe = await host.fs.makeTempDirectory("claw-eval-check-");
  } catch (error) {
    const where = host.env.TMPDIR === undefined ? "the system temp folder" : `TMPDIR (${host.env.TMPDIR})`;
    throw new UsageError(
      escapeInvisible(
        `${where} cannot hold the run's temp folders (${errorMessage(error)}): set TMPDIR to an existing, writable folder`,
      ),
    );
  }
  await host.fs.remove(probe);
}
