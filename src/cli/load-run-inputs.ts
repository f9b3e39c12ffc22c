import type { Diagnostic } from "../domain/index.js";
import { importModule } from "../runner/import-module.js";
import { applyConfigFile, type RunInputs } from "./apply-config-file.js";
import type { CommandContext } from "./command-context.js";
import { loadConfigFile } from "./load-config-file.js";
import type { RunCommandOptions } from "./run-command.js";

/**
 * The paths and options of a `run` or `compare`: the command line's, with the config file's
 * values and then the defaults filling the rest; the config file's problems when it is invalid.
 */
export async function loadRunInputs(options: {
  paths: string[];
  flags: RunCommandOptions;
  context: CommandContext;
}): Promise<RunInputs | { diagnostics: Diagnostic[] }> {
  const { host } = options.context;
  const loaded = await loadConfigFile({
    fs: host.fs,
    cwd: host.cwd,
    ...(options.flags.configFile === undefined ? {} : { path: options.flags.configFile }),
    importModule,
  });
  if (!loaded.ok) return { diagnostics: loaded.diagnostics };
  return applyConfigFile({
    inputs: { paths: options.paths, flags: options.flags, pathsFromCommandLine: options.paths.length > 0 },
    config: loaded.config,
    cwd: host.cwd,
  });
}
