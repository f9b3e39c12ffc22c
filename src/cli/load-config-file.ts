import { dirname, extname, relative, resolve } from "node:path";
import type { Diagnostic, FileSystem } from "../domain/index.js";
import { errorMessage } from "../domain/index.js";
import { checkConfigValues } from "./check-config-values.js";
import { UsageError } from "./command-context.js";
import type { ConfigFileValues } from "./config-file-schema.js";
import { discoverConfigFile } from "./discover-config-file.js";
import { parseConfigText } from "./parse-config-text.js";

/** Largest config file read or imported, bytes (1 MiB): checked before it is read. */
export const MAX_CONFIG_FILE_BYTES = 1024 * 1024;

/** A checked config file. */
export interface ConfigFile {
  /** Absolute path. */
  path: string;
  /** Absolute folder: the config's paths are relative to it. */
  directory: string;
  values: ConfigFileValues;
}

export type LoadConfigFileResult =
  | { ok: true; config: ConfigFile | undefined }
  | { ok: false; diagnostics: Diagnostic[] };

export interface LoadConfigFileOptions {
  fs: FileSystem;
  /** Absolute working directory: where discovery starts and what `path` is relative to. */
  cwd: string;
  /** `--config-file`: this file, which must exist, instead of the nearest one. */
  path?: string;
  /** Imports an `.mjs` config by absolute path. */
  importModule: (path: string) => Promise<Record<string, unknown>>;
}

const FORMATS = [".json", ".yaml", ".yml", ".mjs"];

/**
 * Finds and checks the config file: the one `path` names, else the nearest
 * `claw-eval.config.{json,yaml,mjs}` from `cwd` up (none is fine). An unreadable, too large or
 * invalid file gives diagnostics naming the file, line and key.
 */
export async function loadConfigFile(options: LoadConfigFileOptions): Promise<LoadConfigFileResult> {
  const { fs, cwd } = options;
  const path = options.path === undefined ? await discoverConfigFile({ fs, cwd }) : resolve(cwd, options.path);
  if (path === undefined) return { ok: true, config: undefined };
  const file = relative(cwd, path) || path;
  const extension = extname(path).toLowerCase();
  if (!FORMATS.includes(extension)) {
    throw new UsageError(`--config-file: expected a .json, .yaml, .yml or .mjs file, found "${file}"`);
  }
  const stat = await fs.stat(path);
  if (stat?.kind !== "file") {
    throw new UsageError(`--config-file: ${file} ${stat === undefined ? "does not exist" : "is not a file"}`);
  }
  const whole = (expected: string, found: string): LoadConfigFileResult => ({
    ok: false,
    diagnostics: [{ file, line: 1, column: 1, path: "", expected, found, severity: "error" }],
  });
  if (stat.size > MAX_CONFIG_FILE_BYTES) {
    return whole(`a config file of at most ${MAX_CONFIG_FILE_BYTES} bytes`, `${stat.size} bytes`);
  }
  const directory = dirname(path);
  if (extension === ".mjs") {
    let module: Record<string, unknown>;
    try {
      module = await options.importModule(path);
    } catch (error) {
      return whole("a module that imports without error", errorMessage(error).split("\n")[0] ?? "an error");
    }
    if (!("default" in module)) return whole("a default export (export default { ... })", "no default export");
    const checked = checkConfigValues({ data: module.default, file });
    return checked.ok ? { ok: true, config: { path, directory, values: checked.values } } : checked;
  }
  const checked = parseConfigText({ text: await fs.readText(path), file });
  return checked.ok ? { ok: true, config: { path, directory, values: checked.values } } : checked;
}
