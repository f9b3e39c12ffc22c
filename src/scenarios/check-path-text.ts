import { MAX_PATH_BYTES, MAX_PATH_NAME_BYTES } from "./scenario-limits.js";

/** The rule {@link checkPathText} enforces, worded for the "expected ..." of a diagnostic. */
export const PATH_TEXT_RULE = `with no NUL byte, at most ${MAX_PATH_BYTES} bytes, each name at most ${MAX_PATH_NAME_BYTES} bytes`;

/**
 * What makes `path` unusable as a path on any common file system (`holds a NUL byte`, `is 5000
 * bytes long`, `has a name of 300 bytes`), or `undefined` when it is usable. Lengths are UTF-8
 * bytes; names are what lies between `/`. Pure; says nothing about whether the path exists.
 */
export function checkPathText(path: string): string | undefined {
  if (path.includes("\0")) return "holds a NUL byte";
  const bytes = Buffer.byteLength(path, "utf8");
  if (bytes > MAX_PATH_BYTES) return `is ${bytes} bytes long`;
  for (const name of path.split("/")) {
    const nameBytes = Buffer.byteLength(name, "utf8");
    if (nameBytes > MAX_PATH_NAME_BYTES) return `has a name of ${nameBytes} bytes`;
  }
  return undefined;
}
