/**
 * A queued system event as the session sees it at the top of the next run's message:
 * `System: [YYYY-MM-DD HH:MM:SS <zone>] <text>`, the stamp on the user's wall clock with the
 * zone's short name (`GMT+8`, `CET`, ...). Text that already starts with `System:` keeps its
 * own prefix.
 */
export function formatSystemEventLine(text: string, ms: number, timeZone: string): string {
  const trimmed = text.trim();
  if (/^System:/.test(trimmed)) return trimmed;
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? "";
  const hour = String(Number(part("hour")) % 24).padStart(2, "0");
  const stamp = `${part("year")}-${part("month")}-${part("day")} ${hour}:${part("minute")}:${part("second")}`;
  return `System: [${stamp} ${part("timeZoneName")}] ${trimmed}`;
}
