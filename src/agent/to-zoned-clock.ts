/** A wall-clock reading of an instant in one IANA time zone. */
export interface ZonedClock {
  /** English weekday name, e.g. `Wednesday`. */
  weekday: string;
  /** `YYYY-MM-DD`. */
  date: string;
  /** `HH:MM`, 24-hour. */
  time: string;
  /** Minutes since local midnight, 0–1439. */
  minutesOfDay: number;
}

/** Reads `ms` (since the epoch) on the wall clock of `timeZone` (must be a valid IANA zone). */
export function toZonedClock(ms: number, timeZone: string): ZonedClock {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "long",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? "";
  const hour = Number(part("hour")) % 24;
  const minute = Number(part("minute"));
  const pad = (value: number) => String(value).padStart(2, "0");
  return {
    weekday: part("weekday"),
    date: `${part("year")}-${part("month")}-${part("day")}`,
    time: `${pad(hour)}:${pad(minute)}`,
    minutesOfDay: hour * 60 + minute,
  };
}
