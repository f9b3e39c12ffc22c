/** Bytes inspected for a NUL byte, as git does. */
export const BINARY_SNIFF_BYTES = 8192;

/** Whether the content looks binary: a NUL byte among its first {@link BINARY_SNIFF_BYTES} bytes. */
export function isBinaryContent(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, BINARY_SNIFF_BYTES);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}
