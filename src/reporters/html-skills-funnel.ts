import type { AgentEventOf, UnitResult } from "../domain/index.js";
import { escapeMarkup } from "./escape-markup.js";

interface SkillTally {
  /** Snapshots that listed the skill at all (eligible or excluded). */
  seen: number;
  eligible: number;
  included: number;
  /** Reason -> snapshots. */
  excluded: Map<string, number>;
  dropped: Map<string, number>;
}

/** The skills funnel of a run, summed over the main session's snapshot of every turn. */
export interface SkillsFunnelTally {
  snapshots: number;
  /** Snapshots whose skills prompt was cut to fit its limits. */
  truncated: number;
  skills: Map<string, SkillTally>;
}

export function createSkillsFunnelTally(): SkillsFunnelTally {
  return { snapshots: 0, truncated: 0, skills: new Map() };
}

function skill(tally: SkillsFunnelTally, name: string): SkillTally {
  let entry = tally.skills.get(name);
  if (entry === undefined) {
    entry = { seen: 0, eligible: 0, included: 0, excluded: new Map(), dropped: new Map() };
    tally.skills.set(name, entry);
  }
  return entry;
}

function addReason(reasons: Map<string, number>, reason: string): void {
  reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
}

/**
 * Adds the unit's skills snapshots to `tally`: per turn, the last snapshot of the turn's main
 * session (sub-agents reuse their parent's). Turns without a snapshot add nothing.
 */
export function addSkillsSnapshots(tally: SkillsFunnelTally, unit: UnitResult): void {
  for (const turn of unit.turns) {
    const main = turn.events[0]?.sessionKey;
    let snapshot: AgentEventOf<"skills_snapshot"> | undefined;
    for (const event of turn.events) {
      if (event.type === "skills_snapshot" && event.sessionKey === main) snapshot = event;
    }
    if (snapshot === undefined) continue;
    tally.snapshots++;
    if (snapshot.truncated) tally.truncated++;
    for (const name of snapshot.eligible) {
      const entry = skill(tally, name);
      entry.seen++;
      entry.eligible++;
    }
    for (const { name, reason } of snapshot.excluded) {
      const entry = skill(tally, name);
      entry.seen++;
      addReason(entry.excluded, reason);
    }
    for (const name of snapshot.included) skill(tally, name).included++;
    for (const { name, reason } of snapshot.dropped) addReason(skill(tally, name).dropped, reason);
  }
}

function reasons(map: ReadonlyMap<string, number>): string {
  if (map.size === 0) return "";
  return [...map]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([reason, count]) => `${escapeMarkup(reason)} ×${count}`)
    .join(", ");
}

function stage(label: string, count: number, widest: number): string {
  const width = widest === 0 ? 0 : Math.round((count / widest) * 300);
  return `<div class="funnel-stage"><span class="funnel-label">${escapeMarkup(label)}</span><span class="funnel-bar" style="width:${width}px"></span><span>${count}</span></div>`;
}

/**
 * The skills view of `index.html`: the funnel (skills discovered, eligible, included at least
 * once) over every turn's snapshot, then one row per skill, sorted by name, with how many
 * snapshots found it eligible or included it and why it was excluded or dropped. Empty when no
 * snapshot listed any skill. Pure.
 */
export function renderHtmlSkillsFunnel(tally: SkillsFunnelTally): string {
  if (tally.skills.size === 0) return "";
  const names = [...tally.skills.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const entries = names.map((name) => [name, tally.skills.get(name) as SkillTally] as const);
  const discovered = entries.length;
  const eligible = entries.filter(([, entry]) => entry.eligible > 0).length;
  const included = entries.filter(([, entry]) => entry.included > 0).length;
  const rows = entries.map(
    ([name, entry]) =>
      `<tr><td><code>${escapeMarkup(name)}</code></td><td>${entry.seen}</td><td>${entry.eligible}</td><td>${entry.included}</td><td class="text">${reasons(entry.excluded)}</td><td class="text">${reasons(entry.dropped)}</td></tr>`,
  );
  return [
    "<h2>Skills funnel</h2>",
    `<p>Over ${tally.snapshots} turn snapshot${tally.snapshots === 1 ? "" : "s"} of the main session${tally.truncated > 0 ? `; ${tally.truncated} cut the skills list to fit its limits` : ""}. A skill is discovered when a snapshot lists it, eligible when its requirements hold, included when the prompt lists it.</p>`,
    `<div class="funnel">${stage("discovered", discovered, discovered)}${stage("eligible", eligible, discovered)}${stage("included", included, discovered)}</div>`,
    '<table class="skills"><thead><tr><th>Skill</th><th>Snapshots</th><th>Eligible</th><th>Included</th><th class="text">Excluded because</th><th class="text">Dropped because</th></tr></thead>',
    `<tbody>${rows.join("")}</tbody></table>`,
  ].join("\n");
}
