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
  target: string;
  measured: string;
  limit: string;
  /** Absent for a figure that is only reported. */
  met?: boolean;
  /** Only gated targets decide the exit code; the others depend on the machine and are shown. */
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

const ms = (value: number) => `${value.toFixed(0)} ms`;
const mb = (value: number) => `${value.toFixed(0)} MB`;
const ratio = (value: number) => `${value.toFixed(2)}x`;

/** The verdict on each target, gated ones on ratios measured side by side. Pure. */
export function checkTargets(figures: CheckFigures): CheckRow[] {
  const { skills, prompt, runs } = figures;
  const skillsRatio = skills.cliMs / skills.floorMs;
  const promptRatio = prompt.jsonMs / prompt.plainMs;
  const peakRatio = runs.largePeakMb / runs.smallPeakMb;
  return [
    {
      target: `skills --json, ${skills.count} skills / bare read (${ms(skills.cliMs)} / ${ms(skills.floorMs)})`,
      measured: ratio(skillsRatio),
      limit: `≤ ${CHECK_LIMITS.skillsRatio}x`,
      met: skillsRatio <= CHECK_LIMITS.skillsRatio,
      gated: true,
    },
    {
      target: `skills --json, ${skills.count} skills`,
      measured: ms(skills.cliMs),
      limit: `< ${CHECK_LIMITS.skillsMs} ms`,
      met: skills.cliMs < CHECK_LIMITS.skillsMs,
      gated: false,
    },
    {
      target: `prompt --json / prompt (${ms(prompt.jsonMs)} / ${ms(prompt.plainMs)})`,
      measured: ratio(promptRatio),
      limit: `≤ ${CHECK_LIMITS.promptRatio}x`,
      met: promptRatio <= CHECK_LIMITS.promptRatio,
      gated: true,
    },
    {
      target: `prompt --json, peak ${mb(prompt.jsonPeakMb)} (prompt: ${mb(prompt.plainPeakMb)})`,
      measured: ms(prompt.jsonMs),
      limit: `< ${CHECK_LIMITS.promptMs} ms`,
      met: prompt.jsonMs < CHECK_LIMITS.promptMs,
      gated: false,
    },
    {
      target: `run, peak RSS ${runs.largeUnits} / ${runs.smallUnits} units (${mb(runs.largePeakMb)} / ${mb(runs.smallPeakMb)})`,
      measured: ratio(peakRatio),
      limit: `≤ ${CHECK_LIMITS.runsPeakRatio}x`,
      met: peakRatio <= CHECK_LIMITS.runsPeakRatio,
      gated: true,
    },
    ...[
      [runs.smallUnits, runs.smallMs],
      [runs.largeUnits, runs.largeMs],
    ].map(([units, wallMs]) => ({
      target: `run, ${units} single-turn scripted units`,
      measured: ms(wallMs!),
      limit: "",
      gated: false,
    })),
  ];
}

/** PASS or MISS, marked when the target does not decide the exit code. */
export function formatVerdict(row: CheckRow): string {
  if (row.met === undefined) return "-";
  return `${row.met ? "PASS" : "MISS"}${row.gated ? "" : " (not gated)"}`;
}

/** The message for the missed gated targets, or `undefined` when every one is met. Pure. */
export function describeMisses(rows: readonly CheckRow[]): string | undefined {
  const missed = rows.filter((row) => row.gated && row.met === false);
  if (missed.length === 0) return undefined;
  const lines = missed.map((row) => `  - ${row.target}: ${row.measured}, limit ${row.limit}`);
  return `bench --check: ${missed.length} gated target(s) missed:\n${lines.join("\n")}\n`;
}
