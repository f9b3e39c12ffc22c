import { resolve } from "node:path";
import { findStaleSources, formatStaleSources } from "./find-stale-sources.js";

/**
 * Vitest `globalSetup` of the e2e project: the e2e tests run the compiled CLI in dist/, so a
 * source edit without `npm run build` would silently test old code. Throws, naming the files.
 */
export default function checkBuildFresh(): void {
  const message = formatStaleSources(findStaleSources({ root: resolve(import.meta.dirname, "../..") }));
  if (message !== undefined) throw new Error(message);
}
