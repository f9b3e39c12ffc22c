import { parseArgs } from "node:util";
import { PROPERTY_SEED } from "../support/assert-property.js";
import { formatFuzzReport } from "./format-fuzz-report.js";
import type { FuzzTransport } from "./fuzz-types.js";
import { KNOWN_DEFECT_CLASSES } from "./known-defect-classes.js";
import { runFuzzCampaign } from "./run-fuzz-campaign.js";

/**
 * `npm run fuzz`: a long fuzz campaign (10 000 inputs by default) over every class, through the
 * worker and the built binary; prints counts per category and class and every failing class
 * with examples. Exits 0 when the failing classes are exactly `KNOWN_DEFECT_CLASSES`.
 *
 *   --runs <n>          inputs (default 10000)
 *   --seed <n>          campaign seed (default CLAW_EVAL_SEED, else the fixed property seed)
 *   --class <name>      only this class (repeatable)
 *   --cli-every <n>     every n-th round through the binary (default 10)
 *   --input-seed <n>    with one --class and --transport: run that single input again
 *   --transport <t>     in-process | cli
 *   --keep <dir>        copy failing inputs' files to <dir>/<class>/<input seed>/
 */
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "10000" },
    seed: { type: "string", default: String(PROPERTY_SEED) },
    class: { type: "string", multiple: true },
    "cli-every": { type: "string", default: "10" },
    "input-seed": { type: "string" },
    transport: { type: "string", default: "in-process" },
    keep: { type: "string" },
  },
});

const replayClass = values.class?.[0];
const replay =
  values["input-seed"] !== undefined && replayClass !== undefined
    ? { className: replayClass, inputSeed: Number(values["input-seed"]), transport: values.transport as FuzzTransport }
    : undefined;

const result = await runFuzzCampaign({
  seed: Number(values.seed),
  runs: Number(values.runs),
  cliEvery: Number(values["cli-every"]),
  ...(values.class === undefined ? {} : { classNames: values.class }),
  ...(replay === undefined ? {} : { replay }),
  ...(values.keep === undefined ? {} : { keepFailures: values.keep }),
  log: (line) => process.stderr.write(`${line}\n`),
});
process.stdout.write(formatFuzzReport(result, { examples: replay === undefined ? 3 : 1 }));

if (replay !== undefined) {
  process.exitCode = result.failures.length > 0 ? 1 : 0;
} else {
  const known = new Set(KNOWN_DEFECT_CLASSES);
  const fresh = result.failingClasses.filter((name) => !known.has(name));
  const ran = new Set(result.tallies.map((tally) => tally.name));
  const fixed = KNOWN_DEFECT_CLASSES.filter((name) => ran.has(name) && !result.failingClasses.includes(name));
  if (fresh.length > 0)
    process.stdout.write(`\nnew failing classes (not in KNOWN_DEFECT_CLASSES): ${fresh.join(", ")}\n`);
  if (fixed.length > 0)
    process.stdout.write(
      `\nknown-defect classes that no longer fail (remove them from the list): ${fixed.join(", ")}\n`,
    );
  process.exitCode = fresh.length > 0 || fixed.length > 0 || result.strayEscapes.length > 0 ? 1 : 0;
}
