import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** True when the module with this URL is the script node was started with. */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  return pathToFileURL(realpathSync(script)).href === moduleUrl;
}

/** Where bench output goes. */
export type Write = (text: string) => void;

export const stdoutWrite: Write = (text) => {
  process.stdout.write(text);
};

/** Where bench progress goes by default: stderr, so stdout keeps only the tables. */
export const stderrWrite: Write = (text) => {
  process.stderr.write(text);
};

/** What every suite's runner accepts besides where its tables go. */
export interface SuiteOptions {
  /** Progress lines: what is being measured now. Default: stderr. */
  progress?: Write;
  /** The folder for files the suite writes (charts); none are written when absent. */
  outDir?: string;
}
