import { pathToFileURL } from "node:url";

/** Imports a JavaScript module (hook, custom expectation) by absolute path. */
export async function importModule(path: string): Promise<Record<string, unknown>> {
  return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
}
