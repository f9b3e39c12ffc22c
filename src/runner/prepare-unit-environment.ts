import { delimiter, join } from "node:path";
import { ClawEvalError, type Host, type Runtime, type Scenario } from "../domain/index.js";
import { createRuntime } from "../platform/create-runtime.js";
import { hashSeed } from "../platform/create-seeded-random.js";
import { checkPlainFileName } from "../scenarios/check-plain-file-name.js";

/**
 * The runtime seed of a unit: from its id without the folders, so ids and other seeded values
 * stay the same whether the suite runs from `scenarios/` or from `scenarios/memory/`.
 */
export function unitSeed(unitId: string): number {
  return hashSeed(unitId.slice(unitId.lastIndexOf("/", unitId.indexOf("@")) + 1));
}

export interface UnitEnvironment {
  runtime: Runtime;
  workspaceDir: string;
  homeDir: string;
  /**
   * Temp paths and the placeholders that replace them in recorded results and golden prompts:
   * HOME → `~`, the stub folder → `<bin>`, the workspace → `<workspace>`.
   */
  placeholders: [path: string, placeholder: string][];
  /** Removes every temp folder of the unit. */
  dispose(): Promise<void>;
}

function stubScript(bin: string): string {
  return `#!/bin/sh\n# claw-eval stub for ${bin}\necho "${bin} (claw-eval stub) $*"\nexit 0\n`;
}

/**
 * Builds a unit's world from the scenario alone (DESIGN.md "Scenario file"): a fresh temp copy
 * of the workspace, HOME as a temp copy of `home` (or an empty, absent folder), state dir `<HOME>/.openclaw`
 * unless `env.OPENCLAW_STATE_DIR`, PATH holding only stubs for `bins` plus `env.PATH`.
 * Nothing leaks in from the host. Throws an `invariant` error, before creating anything, when a
 * `bins` entry is not a plain file name.
 */
export async function prepareUnitEnvironment(options: {
  scenario: Scenario;
  unitId: string;
  host: Host;
  /** The run's temp folder, where the unit's folders go (default: the system temp folder). */
  tempRoot?: string | undefined;
}): Promise<UnitEnvironment> {
  const { scenario, host } = options;
  // Loading already rejects such names; a bin must never be written outside its stub folder.
  for (const bin of scenario.bins) {
    const problem = checkPlainFileName(bin);
    if (problem !== undefined) {
      throw new ClawEvalError("invariant", `bins entry ${JSON.stringify(bin)} ${problem}: not a plain file name`);
    }
  }
  // The workspace is the unit's temp dir; HOME and the stub folder are siblings, created only
  // when the scenario needs them (an absent HOME reads as empty), so a unit costs one mkdtemp.
  const workspaceDir = await host.fs.makeTempDirectory("claw-eval-unit-", options.tempRoot);
  const homeDir = `${workspaceDir}.home`;
  const binDir = `${workspaceDir}.bin`;
  // HOME exists even without a scenario `home` once the run writes its state (transcripts, the
  // memory index) there, so every sibling goes, whatever the scenario declared. Side by side: on a
  // busy disk one rmdir can take milliseconds, and a file system that removes asynchronously
  // then overlaps the three.
  let unitRuntime: Runtime | undefined;
  const dispose = async () => {
    // Background commands (exec yieldMs / background) die with the unit, before their folders go.
    await unitRuntime?.stopCommands();
    await Promise.all([workspaceDir, homeDir, binDir].map((path) => host.fs.remove(path)));
  };
  try {
    if (scenario.workspace !== undefined) await host.fs.copyDirectory(scenario.workspace, workspaceDir);
    if (scenario.home !== undefined) await host.fs.copyDirectory(scenario.home, homeDir);
    for (const bin of scenario.bins) await host.fs.makeExecutable(join(binDir, bin), stubScript(bin));
  } catch (error) {
    await dispose();
    throw error;
  }
  const pathEntries = [
    ...(scenario.bins.length > 0 ? [binDir] : []),
    ...(scenario.env.PATH ? [scenario.env.PATH] : []),
  ];
  const env: Record<string, string> = {
    ...scenario.env,
    HOME: homeDir,
    PATH: pathEntries.join(delimiter),
    TZ: scenario.timezone,
  };
  const runtime = createRuntime({
    now: scenario.clockMs,
    timezone: scenario.timezone,
    env,
    homeDir,
    seed: unitSeed(options.unitId),
    platform: host.platform,
  });
  unitRuntime = runtime;
  const placeholders: [string, string][] = [
    [homeDir, "~"],
    [binDir, "<bin>"],
    [workspaceDir, "<workspace>"],
  ];
  return { runtime, workspaceDir, homeDir, placeholders, dispose };
}
