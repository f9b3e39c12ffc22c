import { ClawEvalError, errorMessage, type UnitResult } from "../domain/index.js";
import type { SpooledUnits } from "./render-json-report.js";

/**
 * Where one spooled unit ends and the next begins. `renderJsonReportUnit` indents a unit's own
 * braces by 4 spaces and everything inside it deeper, and JSON strings hold no raw line break,
 * so this text occurs only between two units.
 */
const UNIT_BOUNDARY = "\n    },\n    {";

function parseUnit(text: string, index: number): UnitResult {
  try {
    return JSON.parse(text) as UnitResult;
  } catch (error) {
    throw new ClawEvalError("invariant", `results spool: unit ${index} is not valid JSON: ${errorMessage(error)}`, {
      cause: error,
    });
  }
}

/**
 * The units of a results spool, parsed one at a time in spool order, so a large run is never
 * held whole. Reads `spooled` once; throws when a unit is not valid JSON or the count differs.
 */
export function* readSpooledUnits(spooled: SpooledUnits): Generator<UnitResult> {
  const decoder = new TextDecoder();
  let pending = "";
  let index = 0;
  for (const chunk of spooled.chunks()) {
    pending += decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let boundary = pending.indexOf(UNIT_BOUNDARY); boundary !== -1; ) {
      // The closing brace stays with this unit, the opening one goes with the next.
      yield parseUnit(pending.slice(start, boundary + 6), index++);
      start = boundary + 8;
      boundary = pending.indexOf(UNIT_BOUNDARY, start);
    }
    pending = pending.slice(start);
  }
  pending += decoder.decode();
  if (pending.trim() !== "") yield parseUnit(pending, index++);
  if (index !== spooled.count) {
    throw new ClawEvalError("invariant", `results spool holds ${index} units, it says ${spooled.count}`);
  }
}
