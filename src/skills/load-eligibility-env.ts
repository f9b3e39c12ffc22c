import type { Runtime } from "../domain/index.js";
import { isSearchableBin } from "./check-required-bins.js";
import type { EligibilityEnv, SkillEntry } from "./skill-types.js";

/**
 * The {@link EligibilityEnv} of a run: platform and env from the runtime, and `isOnPath`
 * answered from one `rt.which` lookup per distinct bin the entries require (`bins` and
 * `anyBins`), done concurrently up front so eligibility itself stays pure and synchronous.
 * A bin not among the entries' requirements, or one no lookup can take (`isSearchableBin`:
 * parsing warned about it), is reported as not on PATH.
 */
export async function loadEligibilityEnv(rt: Runtime, entries: readonly SkillEntry[]): Promise<EligibilityEnv> {
  const bins = new Set<string>();
  for (const entry of entries) {
    for (const bin of entry.metadata?.requires?.bins ?? []) bins.add(bin);
    for (const bin of entry.metadata?.requires?.anyBins ?? []) bins.add(bin);
  }
  const searchable = [...bins].filter(isSearchableBin);
  const lookups = await Promise.all(searchable.map(async (bin) => [bin, (await rt.which(bin)) !== undefined] as const));
  const onPath = new Set(lookups.filter(([, found]) => found).map(([bin]) => bin));
  return { platform: rt.platform.platform, env: rt.env, isOnPath: (bin) => onPath.has(bin) };
}
