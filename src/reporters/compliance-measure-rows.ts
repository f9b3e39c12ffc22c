import type { ComplianceMeasureName, ComplianceMeasures, ModelComparisonEntry } from "../domain/index.js";
import { formatRate } from "./format-rate.js";

/** Label and the turns a measure is over, per measure (spec/loop.md §11.1–11.2). */
const MEASURE_LABELS: Readonly<Record<ComplianceMeasureName, { label: string; over: string }>> = {
  strictAck: { label: "Strict ack", over: "quiet" },
  lenientAck: { label: "Lenient ack", over: "quiet" },
  silentAck: { label: "Silent ack", over: "quiet" },
  noise: { label: "Noise", over: "quiet" },
  alertPurity: { label: "Alert purity", over: "alert" },
  falseAck: { label: "False ack", over: "alert" },
  exactSilence: { label: "Exact silence", over: "silent-expected" },
  effectiveSilence: { label: "Effective silence", over: "silent-expected" },
  falseSilence: { label: "False silence", over: "reply-expected" },
  tokenLeak: { label: "Token leak", over: "all" },
  appendedToken: { label: "Appended token", over: "all" },
  streamedLeak: { label: "Streamed token leak", over: "streamed" },
};

export interface ComplianceMeasureRow {
  name: ComplianceMeasureName;
  /** `Strict ack (quiet)`. */
  title: string;
}

/** The measures in report order, each titled with the turns it is over. */
export const COMPLIANCE_MEASURE_ROWS: readonly ComplianceMeasureRow[] = (
  Object.keys(MEASURE_LABELS) as ComplianceMeasureName[]
).map((name) => ({ name, title: `${MEASURE_LABELS[name].label} (${MEASURE_LABELS[name].over})` }));

/** The entries that carry measures (results written before they existed have none). */
export function entriesWithMeasures(
  models: readonly ModelComparisonEntry[],
): (ModelComparisonEntry & { measures: ComplianceMeasures })[] {
  return models.filter((entry): entry is ModelComparisonEntry & { measures: ComplianceMeasures } =>
    Boolean(entry.measures),
  );
}

/** A measure's cell: the formatted rate, `-` when the entry has no such measure (older results). */
export function formatMeasure(entry: { measures: ComplianceMeasures }, name: ComplianceMeasureName): string {
  const rate = entry.measures[name];
  return rate === undefined ? "-" : formatRate(rate);
}
