import type { BpeRankTable } from "./bpe-rank-table.js";

/** "CEB1" read as a little-endian uint32; a big-endian reader sees another number and rebuilds. */
const MAGIC = 0x31424543;
/** Raise when the layout below changes, so older cache files are rebuilt. */
const FORMAT_VERSION = 1;
const HEADER_WORDS = 7;

/** What a cache file holds besides the table. */
export interface StoredBpeTable {
  /** Identifies the source the table was built from (package, version, encoding); a mismatch means stale. */
  key: string;
  /** The encoder's pre-tokenizer pattern source. */
  pretokenizer: string;
  table: BpeRankTable;
}

function paddedLength(bytes: number): number {
  return Math.ceil(bytes / 4) * 4;
}

/**
 * The bytes of a cache file: a header of uint32 words (magic, format version, rank count, slot
 * count, byte count, key length, pretokenizer length), the key and the pretokenizer in UTF-8,
 * then `starts`, `slots` and `bytes`, each section padded to 4 bytes. Pure.
 */
export function serialiseBpeRankTable(stored: StoredBpeTable): Uint8Array {
  const encoder = new TextEncoder();
  const key = encoder.encode(stored.key);
  const pretokenizer = encoder.encode(stored.pretokenizer);
  const { starts, slots, bytes } = stored.table;
  const sections = [key, pretokenizer, starts, slots, bytes];
  const total = HEADER_WORDS * 4 + sections.reduce((sum, section) => sum + paddedLength(section.byteLength), 0);
  const out = new Uint8Array(total);
  out.set(
    new Uint8Array(
      Uint32Array.of(
        MAGIC,
        FORMAT_VERSION,
        starts.length - 1,
        slots.length,
        bytes.length,
        key.length,
        pretokenizer.length,
      ).buffer,
    ),
  );
  let offset = HEADER_WORDS * 4;
  for (const section of sections) {
    out.set(new Uint8Array(section.buffer, section.byteOffset, section.byteLength), offset);
    offset += paddedLength(section.byteLength);
  }
  return out;
}

/**
 * Reads back what {@link serialiseBpeRankTable} wrote, or `undefined` when `data` is not such a
 * file of this format version (truncated, foreign, other byte order): the caller rebuilds.
 * Only the header and the section sizes are checked, since a full scan would cost more than the
 * read; the table is written whole by a rename, and lookups stay bounded even on damaged data.
 * The result shares memory with `data` unless it had to be copied for alignment. Pure.
 */
export function deserialiseBpeRankTable(data: Uint8Array): StoredBpeTable | undefined {
  if (data.byteLength < HEADER_WORDS * 4) return undefined;
  // Typed views need 4-byte alignment; a large file read whole usually starts at offset 0.
  const buffer = data.byteOffset % 4 === 0 ? data.buffer : data.slice().buffer;
  const base = data.byteOffset % 4 === 0 ? data.byteOffset : 0;
  const header = new Uint32Array(buffer, base, HEADER_WORDS);
  const [magic, version, rankCount, slotCount, byteCount, keyLength, patternLength] = Array.from(header);
  if (magic !== MAGIC || version !== FORMAT_VERSION) return undefined;
  const lengths = [keyLength!, patternLength!, (rankCount! + 1) * 4, slotCount! * 4, byteCount!];
  const expected = HEADER_WORDS * 4 + lengths.reduce((sum, length) => sum + paddedLength(length), 0);
  if (expected !== data.byteLength) return undefined;
  const offsets: number[] = [];
  let offset = base + HEADER_WORDS * 4;
  for (const length of lengths) {
    offsets.push(offset);
    offset += paddedLength(length);
  }
  const decoder = new TextDecoder();
  const table: BpeRankTable = {
    starts: new Uint32Array(buffer, offsets[2], rankCount! + 1),
    slots: new Int32Array(buffer, offsets[3], slotCount),
    bytes: new Uint8Array(buffer, offsets[4], byteCount),
  };
  const isPowerOfTwo = slotCount! > 0 && (slotCount! & (slotCount! - 1)) === 0;
  if (!isPowerOfTwo || table.starts[0] !== 0 || table.starts[rankCount!] !== byteCount) return undefined;
  return {
    key: decoder.decode(new Uint8Array(buffer, offsets[0], keyLength)),
    pretokenizer: decoder.decode(new Uint8Array(buffer, offsets[1], patternLength)),
    table,
  };
}
