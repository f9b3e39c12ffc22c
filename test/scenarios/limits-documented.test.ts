import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MAX_TIME_ZONE_LENGTH } from "../../src/config/is-valid-time-zone.js";
import { MAX_SESSION_BYTES } from "../../src/scenarios/load-session-diagnostics.js";
import {
  MAX_CASES,
  MAX_CASES_FILE_BYTES,
  MAX_PATH_BYTES,
  MAX_PATH_NAME_BYTES,
  MAX_REPEAT,
  MAX_SCENARIO_DURATION_MS,
  MAX_SCHEDULED_HEARTBEATS,
  MAX_UNITS,
  MAX_VALUE_DEPTH,
} from "../../src/scenarios/scenario-limits.js";

const page = readFileSync(fileURLToPath(new URL("../../docs/limits.md", import.meta.url)), "utf8");

/** The table row of docs/limits.md whose first cell starts with `what`. */
function row(what: string): string {
  const found = page.split("\n").find((line) => line.startsWith(`| ${what}`));
  if (found === undefined) throw new Error(`docs/limits.md has no row for ${what}`);
  return found;
}

describe("docs/limits.md", () => {
  it("states every limit with the value the code enforces", () => {
    const MiB = 1024 * 1024;
    const expected: [string, string][] = [
      ["`repeat`", `at most ${MAX_REPEAT}`],
      ["`--repeat`", `at most ${MAX_REPEAT}`],
      ["cases of one scenario file", `at most ${MAX_CASES}`],
      ["size of a", `at most ${MAX_CASES_FILE_BYTES} bytes (${MAX_CASES_FILE_BYTES / MiB} MiB)`],
      ["work units of one scenario file", `at most ${MAX_UNITS}`],
      ["work units of one run", `at most ${MAX_UNITS}`],
      ["a name in a path field", `at most ${MAX_PATH_NAME_BYTES} bytes`],
      ["a path field as a whole", `at most ${MAX_PATH_BYTES} bytes`],
      ["`timezone`", `at most ${MAX_TIME_ZONE_LENGTH} characters`],
      ["`session` transcript", `at most ${MAX_SESSION_BYTES / MiB} MiB`],
      ["nesting of a `.jsonl` case value", `at most ${MAX_VALUE_DEPTH} levels`],
      ["a duration in a scenario", `at most ${MAX_SCENARIO_DURATION_MS / 86_400_000} days`],
      ["heartbeats of one `heartbeats:` schedule", `at most ${MAX_SCHEDULED_HEARTBEATS}`],
    ];
    for (const [what, limit] of expected) expect(row(what), what).toContain(`| ${limit}`);
  });
});
