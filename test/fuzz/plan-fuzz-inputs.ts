import fc from "fast-check";
import type { FuzzCase, FuzzClass, FuzzTransport } from "./fuzz-types.js";

/** The seed of input `index` of a campaign (FNV-1a over both numbers). */
export function inputSeedOf(seed: number, index: number): number {
  let hash = 0x811c9dc5;
  for (const char of `${seed}:${index}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

/** The input a class generates from an input seed (always the same one). */
export function generateCase(fuzzClass: FuzzClass, inputSeed: number): FuzzCase {
  const [fuzzCase] = fc.sample(fuzzClass.arbitrary, { seed: inputSeed, numRuns: 1 });
  if (fuzzCase === undefined) throw new Error(`${fuzzClass.name} generated nothing`);
  return fuzzCase;
}

/** One input to run: which class generates it, from which seed, through which transport. */
export interface PlannedInput {
  fuzzClass: FuzzClass;
  inputSeed: number;
  transport: FuzzTransport;
}

/** What decides the plan; see `CampaignOptions` for each field. */
export interface PlanOptions {
  seed: number;
  runs: number;
  cliEvery?: number;
  classNames?: readonly string[];
  replay?: { className: string; inputSeed: number; transport: FuzzTransport };
}

/**
 * The inputs of a campaign, dealt round-robin over the classes; every `cliEvery`-th round goes
 * through the binary (classes limited to one transport always use it). With `replay`, just that
 * input. Pure.
 */
export function planFuzzInputs(classes: readonly FuzzClass[], options: PlanOptions): PlannedInput[] {
  if (options.replay !== undefined) {
    const { className, inputSeed, transport } = options.replay;
    const fuzzClass = classes.find((entry) => entry.name === className);
    if (fuzzClass === undefined) throw new Error(`no fuzz class ${className}`);
    return [{ fuzzClass, inputSeed, transport }];
  }
  const chosen =
    options.classNames === undefined ? classes : classes.filter((entry) => options.classNames?.includes(entry.name));
  const cliEvery = options.cliEvery ?? 10;
  return Array.from({ length: options.runs }, (_unused, index) => {
    const fuzzClass = chosen[index % chosen.length] as FuzzClass;
    const round = Math.floor(index / chosen.length);
    const allowed = fuzzClass.transports ?? ["in-process", "cli"];
    const wanted: FuzzTransport = round % cliEvery === cliEvery - 1 ? "cli" : "in-process";
    return {
      fuzzClass,
      inputSeed: inputSeedOf(options.seed, index),
      transport: allowed.includes(wanted) ? wanted : (allowed[0] ?? "cli"),
    };
  });
}
