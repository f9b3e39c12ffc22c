/** Every reporter `--reporter` accepts, in the order their files are written. */
export const REPORTER_NAMES = ["console", "json", "junit", "markdown", "html"] as const;

export type ReporterName = (typeof REPORTER_NAMES)[number];

export function isReporterName(value: string): value is ReporterName {
  return (REPORTER_NAMES as readonly string[]).includes(value);
}
