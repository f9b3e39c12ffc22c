import { join } from "node:path";

/** Expands a leading `~` or `~/` against `home`; any other path is returned unchanged. Pure. */
export function expandHome(path: string, home: string): string {
  if (path === "~") return home;
  return path.startsWith("~/") ? join(home, path.slice(2)) : path;
}
