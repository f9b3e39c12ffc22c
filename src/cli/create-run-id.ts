import { join } from "node:path";
import type { Host } from "../domain/index.js";

/** `YYYYMMDD-HHMMSS-mmm` from the host clock, with `-2`, `-3`, ... if that folder exists. */
export async function createRunId(host: Host, outDir: string): Promise<string> {
  const iso = new Date(host.now()).toISOString();
  const base = `${iso.slice(0, 10).replace(/-/g, "")}-${iso.slice(11, 19).replace(/:/g, "")}-${iso.slice(20, 23)}`;
  let candidate = base;
  for (let suffix = 2; (await host.fs.lstat(join(outDir, candidate))) !== undefined; suffix++) {
    candidate = `${base}-${suffix}`;
  }
  return candidate;
}
