import { formatRatio, formatRatioTarget } from "./format-ratio.js";

/** What `bench --check` measured, all in one run. Times in ms, memory in MB (peak RSS). */
export interface CheckFigures {
  skills: { count: number; cliMs: number; floorMs: number };
  prompt: { jsonMs: number; plainMs: number; jsonPeakMb: number; plainPeakMb: number };
  runs: {
    smallUnits: number;
    largeUnits: number;
    smallMs: number;
    largeMs: number;
    smallPeakMb: number;
    largePeakMb: number;
  };
}

/** One line of the verdict table. */
export interface CheckRow {
  /** What was measured. */
  figure: string;
  measured: string;
  /** A target ("at most 2.5x slower than …") or, for a figure that is not gated, its reference value. */
  limit: string;
  /** Absent for a figure that is only reported. */
  met?: boolean;
  /**
   * Gated rows are the targets: one missed makes `bench --check` exit 1. The others are absolute
   * times that depend on the machine; they are shown against a reference value and never gate.
   */
  gated: boolean;
}

/** The limits `bench --check` holds the figures to. */
export const CHECK_LIMITS = {
  /** `skills --json` wall time over the bare read of the same files. */
  skillsRatio: 2.5,
  skillsMs: 350,
  /** `prompt --json` over `prompt` on the same workspace: the token counter's whole cost. */
  promptRatio: 1.5,
  promptMs: 400,
  /** Peak RSS of the large run over the small one: memory must not grow with the unit count. */
  runsPeakRatio: 1.5,
} as const;

export type CheckLimits = { readonly [Key in keyof typeof CHECK_LIMITS]: number };

const ms = (value: number) => `${value.toFixed(0)} ms`;
const mb = (value: number) => `${value.toFixed(0)} MB`;

/** The verdict on each figure, gated ones on ratios measured side by side. Pure. */
export function checkTargets(figures: CheckFigures, limits: CheckLimits = CHECK_LIMITS): CheckRow[] {
  const { skills, prompt, runs } = figures;
  const bare = "a bare read of the same files";
  const plain = "prompt without --json";
  const smallRun = `the ${runs.smallUnits}-unit run's peak`;
  return [
    {
      figure: `skills --json, ${skills.count} skills (${ms(skills.cliMs)}; bare read ${ms(skills.floorMs)})`,
      measured: formatRatio({ measured: skills.cliMs, reference: skills.floorMs, than: bare }),
      limit: formatRatioTarget({ factor: limits.skillsRatio, side: "above", than: bare }),
      met: skills.cliMs <= skills.floorMs * limits.skillsRatio,
      gated: true,
    },
    {
      figure: `skills --json, ${skills.count} skills`,
      measured: ms(skills.cliMs),
      limit: `under ${limits.skillsMs} ms`,
      met: skills.cliMs < limits.skillsMs,
      gated: false,
    },
    {
      figure: `prompt --json (${ms(prompt.jsonMs)}; without --json ${ms(prompt.plainMs)})`,
      measured: formatRatio({ measured: prompt.jsonMs, reference: prompt.plainMs, than: plain }),
      limit: formatRatioTarget({ factor: limits.promptRatio, side: "above", than: plain }),
      met: prompt.jsonMs <= prompt.plainMs * limits.promptRatio,
      gated: true,
    },
    {
      figure: `prompt --json, peak ${mb(prompt.jsonPeakMb)} (without --json: ${mb(prompt.plainPeakMb)})`,
      measured: ms(prompt.jsonMs),
      limit: `under ${limits.promptMs} ms`,
      met: prompt.jsonMs < limits.promptMs,
      gated: false,
    },
    {
      figure: `run of ${runs.largeUnits} units, peak RSS (${mb(runs.largePeakMb)}; ${runs.smallUnits} units: ${mb(runs.smallPeakMb)})`,
      measured: formatRatio({ measured: runs.largePeakMb, reference: runs.smallPeakMb, than: smallRun, kind: "size" }),
      limit: formatRatioTarget({ factor: limits.runsPeakRatio, side: "above", than: smallRun, kind: "size" }),
      met: runs.largePeakMb <= runs.smallPeakMb * limits.runsPeakRatio,
      gated: true,
    },
    ...[
      [runs.smallUnits, runs.smallMs],
      [runs.largeUnits, runs.largeMs],
    ].map(([units, wallMs]) => ({
      figure: `run of ${units} single-turn scripted units`,
      measured: ms(wallMs!),
      limit: "",
      gated: false,
    })),
  ];
}

/** PASS or MISS for a target; "within" or "over" its reference for a figure that does not gate. */
export function formatVerdict(row: CheckRow): string {
  if (row.met === undefined) return "-";
  if (row.gated) return row.met ? "PASS" : "MISS";
  return row.met ? "within (not gated)" : "over (not gated)";
}

/** The message for the missed gated targets, or `undefined` when every one is met. Pure. */
export function describeMisses(rows: readonly CheckRow[]): string | undefined {
  const missed = rows.filter((row) => row.gated && row.met === false);
  if (missed.length === 0) return undefined;
  const lines = missed.map((row) => `  - ${row.figure}: ${row.measured}; target: ${row.limit}`);
  return `bench --check: ${missed.length} target(s) missed:\n${lines.join("\n")}\n`;
}
