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
