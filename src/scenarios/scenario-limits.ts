/**
 * Bounds on what scenario files and runs may ask for, so that a mistyped number fails at once
 * with a diagnostic instead of exhausting memory or time. docs/limits.md lists them; a test
 * keeps that page in step with these values.
 */

/** Largest `repeat` of a scenario, and of `--repeat`. */
export const MAX_REPEAT = 1000;

/** Most cases one scenario file may have, inline or in a cases file. */
export const MAX_CASES = 100_000;

/** Largest `.jsonl` / `.csv` cases file, bytes (64 MiB). */
export const MAX_CASES_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Most work units (case x model x repeat) one scenario file, and one run after filters and
 * shard, may have. Counted by arithmetic before any unit is built.
 */
export const MAX_UNITS = 100_000;

/** Longest name (one path component) in a path field, UTF-8 bytes: what common file systems allow. */
export const MAX_PATH_NAME_BYTES = 255;

/** Longest path field, UTF-8 bytes: Linux's `PATH_MAX`. */
export const MAX_PATH_BYTES = 4096;

/** Deepest nesting of arrays and objects in a case value or a config file (the top level is 1). */
export const MAX_VALUE_DEPTH = 64;

/**
 * Longest duration a scenario may write (31 days): a turn's `at: "+..."` offset, a script step's
 * `takes`, and a heartbeat schedule's `every` and `for`.
 */
export const MAX_SCENARIO_DURATION_MS = 31 * 86_400_000;

/** Most heartbeats one `heartbeats:` schedule may run (`for` / `every`): 31 days every 5 minutes fit. */
export const MAX_SCHEDULED_HEARTBEATS = 10_000;
