const OFFSET_BASIS = 0x811c9dc5;
const PRIME = 0x01000193;
const encoder = new TextEncoder();

/** 32-bit FNV-1a over the UTF-8 bytes of `text`, as an unsigned integer (memory.md §5.2). */
export function fnv1a32(text: string): number {
  let hash = OFFSET_BASIS;
  for (const byte of encoder.encode(text)) hash = Math.imul(hash ^ byte, PRIME) >>> 0;
  return hash;
}
