import { relative, resolve } from "node:path";
import type { ConfigFileValues } from "./config-file-schema.js";
import type { ConfigFile } from "./load-config-file.js";
import type { RunCommandOptions } from "./run-command.js";
import { CONFIG_DEFAULTS, type ConfigKey } from "./run-option-table.js";

export interface RunInputs {
  /** Scenario files, folders or globs, relative to the working directory or absolute. */
  paths: string[];
  flags: RunCommandOptions;
  /** Whether the paths were given on the command line (else they are the config's or the default). */
  pathsFromCommandLine: boolean;
}

type Apply<K extends ConfigKey> = (
  value: NonNullable<ConfigFileValues[K]>,
  place: (path: string) => string,
) => { paths?: string[]; flags?: RunCommandOptions };

/** How each config key becomes what its command-line option would have given. */
const APPLY: { [K in ConfigKey]: Apply<K> } = {
  paths: (value, place) => ({ paths: value.map(place) }),
  models: (value) => ({ flags: { model: [...value] } }),
  repeat: (value) => ({ flags: { repeat: String(value) } }),
  concurrency: (value) => ({ flags: { concurrency: String(value) } }),
  timeout: (value) => ({ flags: { timeout: String(value) } }),
  reporters: (value) => ({ flags: { reporter: [...value] } }),
  out: (value, place) => ({ flags: { out: place(value) } }),
  cassettes: (value, place) => ({ flags: { cassettes: place(value) } }),
  faults: (value) => ({ flags: { faults: value } }),
  stream: (value) => ({ flags: { stream: value } }),
};

/** Whether the command line gave an option's value (a repeatable option given at least once). */
function given(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : value !== undefined;
}

/**
 * The run's inputs with the config file's values filling what the command line left out, then
 * the defaults of {@link CONFIG_DEFAULTS}. A config path is relative to the config file's folder
 * and comes back relative to `cwd`. Pure.
 */
export function applyConfigFile(options: {
  inputs: RunInputs;
  config: ConfigFile | undefined;
  cwd: string;
}): RunInputs {
  const { config, cwd } = options;
  const place = (path: string): string => {
    const absolute = resolve(config?.directory ?? cwd, path);
    return relative(cwd, absolute) || ".";
  };
  let paths = options.inputs.paths;
  let flags: RunCommandOptions = { ...options.inputs.flags };
  const values = config?.values ?? {};
  for (const key of Object.keys(APPLY) as ConfigKey[]) {
    const value = values[key];
    if (value === undefined) continue;
    const applied = (APPLY[key] as Apply<typeof key>)(value as never, place);
    if (applied.paths !== undefined && paths.length === 0) paths = applied.paths;
    for (const [name, option] of Object.entries(applied.flags ?? {})) {
      if (!given(flags[name as keyof RunCommandOptions])) flags = { ...flags, [name]: option };
    }
  }
  if (paths.length === 0) paths = [...CONFIG_DEFAULTS.paths];
  if (flags.out === undefined) flags = { ...flags, out: CONFIG_DEFAULTS.out };
  return { paths, flags, pathsFromCommandLine: options.inputs.pathsFromCommandLine };
}
