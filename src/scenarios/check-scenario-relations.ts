import { toZonedClock } from "../agent/to-zoned-clock.js";
import { isValidTimeZone } from "../config/is-valid-time-zone.js";
import { formatFieldPath } from "../domain/format-field-path.js";
import { DEFAULT_CLOCK, isRecord, type MessageOriginFile } from "../domain/index.js";
import { isIsoDateTime } from "./check-scenario-values.js";
import { describeValue } from "./describe-value.js";
import type { FieldPath } from "./locate-yaml-node.js";
import { originSchema } from "./origin-schema.js";
import { parseClockTime, parseScenarioDurationMs, parseTurnArrival } from "./parse-turn-arrival.js";
import { type OriginLevel, resolveMessageOrigin } from "./resolve-message-origin.js";
import { MAX_SCENARIO_DURATION_MS, MAX_SCHEDULED_HEARTBEATS } from "./scenario-limits.js";

/** A problem between fields of a scenario file; `found` defaults to the value at `path`. */
export interface RelationIssue {
  path: FieldPath;
  expected: string;
  found?: string;
}

export interface CheckScenarioRelationsOptions {
  /** The scenario file as plain data (possibly invalid elsewhere). */
  data: unknown;
  /** Whether to check `heartbeats.overrides` too (default true). */
  overrides?: boolean;
}

/**
 * Diagnostics-to-be for rules that tie fields of a scenario file together: the turns'
 * ({@link checkTurnRelations}) and the heartbeat overrides' ({@link checkHeartbeatOverrides}).
 * Pure.
 */
export function checkScenarioRelations(options: CheckScenarioRelationsOptions): RelationIssue[] {
  const turns = checkTurnRelations(options.data);
  return options.overrides === false ? turns : [...turns, ...checkHeartbeatOverrides(options.data)];
}

/**
 * Rules that tie fields of a scenario file together, which no single field's schema sees:
 * `during` not on the first turn nor beside `at`; `from` only on user turns, and each user
 * turn's origin (scenario `from` merged with the turn's, `resolveMessageOrigin`) complete: a
 * group or channel chat has an `id`, a direct chat none, `owner: false` has a sender other
 * than `owner`; an ISO instant in `at` not before the scenario clock nor an earlier turn's
 * instant. Reads plain data defensively (other fields may be invalid); one issue per path and
 * rule. Pure.
 */
export function checkTurnRelations(data: unknown): RelationIssue[] {
  if (!isRecord(data) || !Array.isArray(data.turns)) return [];
  const issues = new Map<string, RelationIssue>();
  const add = (issue: RelationIssue) => issues.set(`${formatFieldPath(issue.path)}\u0000${issue.expected}`, issue);
  const scenarioFrom = validOrigin(data.from);
  const clock = typeof data.clock === "string" ? data.clock : data.clock === undefined ? DEFAULT_CLOCK : undefined;
  const clockMs = clock !== undefined && isIsoDateTime(clock) ? Date.parse(clock) : undefined;
  let latest: { ms: number; index: number; text: string } | undefined;
  data.turns.forEach((turn: unknown, index) => {
    if (!isRecord(turn)) return;
    const at = (...rest: (string | number)[]): FieldPath => ["turns", index, ...rest];
    if (turn.during !== undefined && turn.at !== undefined) {
      add({ path: at("during"), expected: 'either at or during, not both (during: previous is at: "+0s")' });
    } else if (turn.during !== undefined && index === 0) {
      add({ path: at("during"), expected: "no during on the first turn, which nothing runs before (use at)" });
    }
    if (turn.user === undefined && turn.from !== undefined) {
      add({
        path: at("from"),
        expected: "from only on a user turn (heartbeats and system events come from the runtime)",
      });
    } else if (turn.user !== undefined) {
      const turnFrom = validOrigin(turn.from);
      // A `from:` with an invalid field has its own diagnostic; merging it would only add noise.
      const valid = turnFrom.valid && scenarioFrom.valid;
      if (valid) for (const issue of checkOrigin(scenarioFrom.value, turnFrom.value, at("from"))) add(issue);
    }
    const arrival = typeof turn.at === "string" ? parseTurnArrival(turn.at) : undefined;
    if (arrival?.kind !== "instant" || typeof turn.at !== "string") return;
    if (clockMs !== undefined && arrival.ms < clockMs) {
      add({ path: at("at"), expected: `an instant at or after the scenario clock (${clock})` });
    } else if (latest !== undefined && arrival.ms < latest.ms) {
      const earlier = formatFieldPath(["turns", latest.index, "at"]);
      add({ path: at("at"), expected: `an instant at or after ${earlier} (${latest.text})` });
    }
    if (latest === undefined || arrival.ms >= latest.ms) latest = { ms: arrival.ms, index, text: turn.at };
  });
  return [...issues.values()];
}

function validOrigin(value: unknown): { valid: boolean; value?: MessageOriginFile } {
  if (value === undefined) return { valid: true };
  const parsed = originSchema.safeParse(value);
  return parsed.success ? { valid: true, value: parsed.data } : { valid: false };
}

function checkOrigin(
  scenario: MessageOriginFile | undefined,
  turn: MessageOriginFile | undefined,
  turnPath: FieldPath,
): RelationIssue[] {
  if (scenario === undefined && turn === undefined) return [];
  const { origin, idFrom, ownerFrom } = resolveMessageOrigin({ scenario, turn });
  const pathOf = (level: OriginLevel | undefined, key: string): FieldPath =>
    level === "turn" || (level === undefined && turn !== undefined) ? [...turnPath, key] : ["from", key];
  const issues: RelationIssue[] = [];
  if (origin.chat !== "direct" && origin.id === undefined) {
    issues.push({
      path: pathOf(turn?.chat !== undefined ? "turn" : undefined, "id"),
      expected: `an id with chat: ${origin.chat}, naming the ${origin.chat} (e.g. id: family)`,
    });
  }
  if (origin.chat === "direct" && origin.id !== undefined) {
    issues.push({ path: pathOf(idFrom, "id"), expected: "no id in a direct chat (or chat: group or chat: channel)" });
  }
  if (!origin.owner && origin.sender === "owner") {
    issues.push({
      path: pathOf(ownerFrom, "owner"),
      expected: "owner: false only with a sender other than owner",
      found: `owner: false with sender ${JSON.stringify(origin.sender)}`,
    });
  }
  return issues;
}

/**
 * Heartbeat overrides of a scenario's `heartbeats:` schedule: no two at the same time, and, when
 * the schedule writes `every`, each at a wall-clock minute (scenario time zone) that one of its
 * heartbeats falls on (heartbeat k is due at clock + k x every, k = 1 .. for / every). Reads
 * plain data defensively. Pure.
 */
export function checkHeartbeatOverrides(data: unknown): RelationIssue[] {
  if (!isRecord(data) || !isRecord(data.heartbeats) || !Array.isArray(data.heartbeats.overrides)) return [];
  const { every, for: length, overrides } = data.heartbeats;
  const wanted = new Map<number, number>();
  const issues: RelationIssue[] = [];
  overrides.forEach((override: unknown, index) => {
    const minute = isRecord(override) && typeof override.at === "string" ? parseClockTime(override.at) : undefined;
    if (minute === undefined) return;
    const first = wanted.get(minute);
    if (first === undefined) wanted.set(minute, index);
    else {
      const path = ["heartbeats", "overrides", index, "at"];
      issues.push({ path, expected: `a time no earlier override uses (heartbeats.overrides[${first}] has it)` });
    }
  });
  const everyMs = typeof every === "string" ? parseScenarioDurationMs(every) : undefined;
  const forMs = typeof length === "string" ? parseScenarioDurationMs(length) : undefined;
  const clock = data.clock === undefined ? DEFAULT_CLOCK : data.clock;
  const zone = data.timezone === undefined ? "UTC" : data.timezone;
  if (everyMs === undefined || forMs === undefined || everyMs <= 0 || everyMs > forMs) return issues;
  // An invalid length or interval has its own diagnostic; walking it could take forever.
  if (forMs > MAX_SCENARIO_DURATION_MS || forMs / everyMs > MAX_SCHEDULED_HEARTBEATS) return issues;
  if (typeof clock !== "string" || !isIsoDateTime(clock) || typeof zone !== "string" || !isValidTimeZone(zone)) {
    return issues;
  }
  const missing = new Set(wanted.keys());
  const count = Math.floor(forMs / everyMs);
  const start = Date.parse(clock);
  const minuteOfDay = createMinuteOfDay(zone);
  for (let k = 1; k <= count && missing.size > 0; k++) missing.delete(minuteOfDay(start + k * everyMs));
  for (const minute of missing) {
    const index = wanted.get(minute) ?? 0;
    const firstDue = toZonedClock(start + everyMs, zone).time;
    issues.push({
      path: ["heartbeats", "overrides", index, "at"],
      expected: `a time one of the schedule's heartbeats falls on (the first at ${firstDue}, then every ${every})`,
      found: describeValue((overrides[index] as Record<string, unknown>).at),
    });
  }
  return issues;
}

/**
 * Minutes since midnight of an instant in `zone`, as `toZonedClock` reads them, with one
 * formatter for all calls (a schedule may have thousands of heartbeats).
 */
function createMinuteOfDay(zone: string): (ms: number) => number {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return (ms) => {
    const parts = format.formatToParts(ms);
    const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value);
    return (part("hour") % 24) * 60 + part("minute");
  };
}
