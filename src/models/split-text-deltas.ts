/** Most characters of a word in one simulated delta: longer words, tokens included, arrive in pieces. */
export const TEXT_DELTA_MAX_CHARS = 5;

/**
 * The pieces a simulated stream sends for `text`: each word with the whitespace before it,
 * a word longer than {@link TEXT_DELTA_MAX_CHARS} characters cut into pieces of at most that
 * many (`NO_REPLY` arrives as `NO_RE`, `PLY`), trailing whitespace as a piece of its own.
 * Characters are code points, so an emoji is never cut. Pure: the pieces concatenate to
 * `text`, none is empty, and empty text gives none.
 */
export function splitTextDeltas(text: string): string[] {
  const pieces: string[] = [];
  for (const [match] of text.matchAll(/\s*\S+|\s+/g)) {
    const word = match.trimStart();
    const space = match.slice(0, match.length - word.length);
    if (word === "") {
      pieces.push(space);
      continue;
    }
    const characters = Array.from(word);
    for (let start = 0; start < characters.length; start += TEXT_DELTA_MAX_CHARS) {
      const piece = characters.slice(start, start + TEXT_DELTA_MAX_CHARS).join("");
      pieces.push(start === 0 ? `${space}${piece}` : piece);
    }
  }
  return pieces;
}
