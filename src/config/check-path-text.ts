/** Longest path the file system takes, in UTF-8 bytes (Linux `PATH_MAX`, less its NUL terminator). */
export const MAX_PATH_BYTES = 4095;

/** Longest single file or folder name, in UTF-8 bytes (`NAME_MAX`). */
export const MAX_PATH_SEGMENT_BYTES = 255;

/** What a path or file name must be, for the `expected` part of a diagnostic. */
export const PATH_TEXT_EXPECTED = `a path without NUL bytes, at most ${MAX_PATH_BYTES} bytes, each name at most ${MAX_PATH_SEGMENT_BYTES}`;

const encoder = new TextEncoder();

/**
 * Why `text` cannot be handed to the file system as a path (or a file name, which is a path of
 * one segment), or `undefined` when it can: a NUL byte, more than {@link MAX_PATH_BYTES} bytes,
 * or a `/`-separated segment over {@link MAX_PATH_SEGMENT_BYTES} bytes. Node throws on the first
 * and the system refuses the others (`ENAMETOOLONG`), so config values and skill requirements
 * are checked with this before any lookup. Pure; linear in the length.
 */
export function checkPathText(text: string): string | undefined {
  const nul = text.indexOf("\u0000");
  if (nul !== -1) return `a NUL byte at offset ${nul}`;
  const bytes = encoder.encode(text).length;
  if (bytes > MAX_PATH_BYTES) return `${bytes} bytes, more than the ${MAX_PATH_BYTES} a path may have`;
  for (const segment of text.split("/")) {
    const segmentBytes = encoder.encode(segment).length;
    if (segmentBytes > MAX_PATH_SEGMENT_BYTES) {
      return `a ${segmentBytes}-byte name, more than the ${MAX_PATH_SEGMENT_BYTES} a file or folder name may have`;
    }
  }
  return undefined;
}
