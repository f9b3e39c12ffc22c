import { delimiter, join } from "node:path";
import type { Host, Runtime, Scenario } from "../domain/index.js";
import { createRuntime } from "../platform/create-runtime.js";
import { hashSeed } from "../platform/create-seeded-random.js";

export interface UnitEnvironment {
  runtime: Runtime;
  workspaceDir: string;
  homeDir: string;
  /** Temp paths and the placeholders that replace them in recorded results. */
  placeholders: [path: string, placeholder: string][];
  /** Removes every temp folder of the unit. */
  dispose(): Promise<void>;
}

function stubScript(bin: string): string {
  return `#!/bin/sh\n# claw-eval stub for ${bin}\necho "${bin} (claw-eval stub) $*"\nexit 0\n`;
}

/**
 * Builds a unit's world from the scenario alone (DESIGN.md "Scenario file"): a fresh temp copy
 * of the workspace, HOME as a temp copy of `home` (or empty), state dir `<HOME>/.openclaw`
 * unless `env.OPENCLAW_STATE_DIR`, PATH holding only stubs for `bins` plus `env.PATH`.
 * Nothing leaks in from the host.
 */
export async function prepareUnitEnvironment(options: {
  scenario: Scenario;
  unitId: string;
  host: Host;
}): Promise<UnitEnvironment> {
  const { scenario, host } = options;
  const root = await host.fs.makeTempDirectory("claw-eval-unit-");
  const workspaceDir = join(root, "workspace");
  const homeDir = join(root, "home");
  const binDir = join(root, "bin");
  try {
    if (scenario.workspace === undefined) await host.fs.makeDirectory(workspaceDir);
    else await host.fs.copyDirectory(scenario.workspace, workspaceDir);
    if (scenario.home === undefined) await host.fs.makeDirectory(homeDir);
    else await host.fs.copyDirectory(scenario.home, homeDir);
    await host.fs.makeDirectory(binDir);
    for (const bin of scenario.bins) await host.fs.makeExecutable(join(binDir, bin), stubScript(bin));
  } catch (error) {
    await host.fs.remove(root);
    throw error;
  }
  const extraPath = scenario.env.PATH;
  const env: Record<string, string> = {
    ...scenario.env,
    HOME: homeDir,
    PATH: extraPath === undefined || extraPath === "" ? binDir : `${binDir}${delimiter}${extraPath}`,
    TZ: scenario.timezone,
  };
  const runtime = createRuntime({
    now: scenario.clockMs,
    timezone: scenario.timezone,
    env,
    homeDir,
    seed: hashSeed(options.unitId),
    platform: host.platform,
  });
  const placeholders: [string, string][] = [
    [workspaceDir, "<workspace>"],
    [homeDir, "<home>"],
    [binDir, "<bin>"],
    [root, "<unit>"],
  ];
  return { runtime, workspaceDir, homeDir, placeholders, dispose: () => host.fs.remove(root) };
}
