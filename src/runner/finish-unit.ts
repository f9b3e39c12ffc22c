import type { AgentSession } from "../agent/create-agent-session.js";
import type { SessionTranscriptRecord } from "../domain/index.js";
import { errorMessage } from "../domain/index.js";
import type { UnitFailure } from "./build-unit-result.js";
import type { UnitModels } from "./create-unit-models.js";
import type { UnitEnvironment } from "./prepare-unit-environment.js";
import { replaceUnitPaths, type StringPool } from "./replace-unit-paths.js";

export interface FinishUnitOptions {
  /** The unit's session, if it was opened. */
  session: AgentSession | undefined;
  /** The unit's models, if they were wired. */
  models: UnitModels | undefined;
  /** The unit's temp folders, if they were made. */
  environment: UnitEnvironment | undefined;
  /** How the unit failed so far, if it did; it stays the reported failure. */
  failure: UnitFailure | undefined;
  stringPool?: StringPool | undefined;
  /**
   * Takes the removal of the unit's temp folders instead of waiting for it here: the runner lets
   * the next unit start meanwhile and waits for every removal before the run ends. What it
   * returns is awaited (the runner makes a unit wait while too many removals are pending).
   * Absent: the removal itself is awaited.
   */
  deferRemoval?: ((removal: Promise<void>) => Promise<void>) | undefined;
}

export interface FinishedUnit {
  /** The given failure, else the first failure of ending the session or writing a cassette. */
  failure: UnitFailure | undefined;
  /** Every session of the unit that ran, path-stable; `undefined` when none did. */
  sessions: SessionTranscriptRecord[] | undefined;
}

/**
 * Ends a unit whatever happened to it, once: fires `session_end` and closes the session's memory
 * ({@link AgentSession.end}), finishes its models (writes cassettes), collects the session
 * transcripts, then removes the unit's temp folders. A failure in these steps never hides the
 * unit's own. Rejects only when the temp folders cannot be removed (and their removal is not deferred).
 */
export async function finishUnit(options: FinishUnitOptions): Promise<FinishedUnit> {
  let failure = options.failure;
  try {
    await options.session?.end();
  } catch (error) {
    failure ??= { status: "errored", error: errorMessage(error) };
  }
  try {
    await options.models?.finish();
  } catch (error) {
    failure ??= { status: "errored", error: `could not write the cassette: ${errorMessage(error)}` };
  }
  const recorded = options.session?.transcripts() ?? [];
  const placeholders = options.environment?.placeholders ?? [];
  const sessions = recorded.length > 0 ? replaceUnitPaths(recorded, placeholders, options.stringPool) : undefined;
  if (options.environment !== undefined) {
    const removal = options.environment.dispose();
    await (options.deferRemoval === undefined ? removal : options.deferRemoval(removal));
  }
  return { failure, sessions };
}
