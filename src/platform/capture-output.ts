/** Chars kept from the start of a stream. */
const HEAD_LIMIT = 200_000;
/** Chars kept from the end of a stream, where errors and summaries are. */
const TAIL_LIMIT = 50_000;

/**
 * Collects a child's output stream in bounded memory: the first 200,000 chars and the last
 * 50,000, with a line saying how much of the middle was dropped, so a command's final error
 * line always survives however long the output.
 */
export function createOutputCapture(): { add(chunk: string): void; text(): string } {
  let head = "";
  let tail = "";
  let dropped = 0;
  return {
    add(chunk) {
      if (head.length < HEAD_LIMIT) {
        const room = HEAD_LIMIT - head.length;
        head += chunk.slice(0, room);
        chunk = chunk.slice(room);
        if (chunk === "") return;
      }
      tail += chunk;
      if (tail.length > TAIL_LIMIT * 2) {
        dropped += tail.length - TAIL_LIMIT;
        tail = tail.slice(tail.length - TAIL_LIMIT);
      }
    },
    text() {
      if (tail.length > TAIL_LIMIT) {
        dropped += tail.length - TAIL_LIMIT;
        tail = tail.slice(tail.length - TAIL_LIMIT);
      }
      if (dropped === 0) return head + tail;
      return `${head}\n[... ${dropped} characters of output omitted ...]\n${tail}`;
    },
  };
}
