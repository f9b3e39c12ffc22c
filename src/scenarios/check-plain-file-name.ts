import { MAX_PATH_NAME_BYTES } from "./scenario-limits.js";

/** The rule {@link checkPlainFileName} enforces, worded for the "expected ..." of a diagnostic. */
export const PLAIN_FILE_NAME_RULE = `a plain file name (not empty, not . or .., no /, \\ or NUL, at most ${MAX_PATH_NAME_BYTES} bytes)`;

/**
 * What keeps `name` from being a plain file name that stays inside the folder it is joined to
 * (`is empty`, `holds a /`, `names the parent folder`, ...), or `undefined` when it is one. Pure.
 */
export function checkPlainFileName(name: string): string | undefined {
  if (name === "") return "is empty";
  if (name === ".") return "names the folder itself";
  if (name === "..") return "names the parent folder";
  for (const forbidden of ["/", "\\", "\0"]) {
    if (name.includes(forbidden)) return forbidden === "\0" ? "holds a NUL byte" : `holds a ${forbidden}`;
  }
  const bytes = Buffer.byteLength(name, "utf8");
  return bytes > MAX_PATH_NAME_BYTES ? `is ${bytes} bytes long` : undefined;
}
