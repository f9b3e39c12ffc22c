import { splitForBpe } from "./split-for-bpe.js";

/** Counts BPE tokens of a text. */
export type BpeCounter = (text: string) => number;

let cached: Promise<BpeCounter> | undefined;

/**
 * Loads the offline `o200k_base` encoder of js-tiktoken (about half a second, once per
 * process) and returns a token counter. Loaded lazily: only `prompt --json` needs it. The text
 * is encoded in the segments of {@link splitForBpe}, so counting is linear in its length (the
 * count of a run longer than `MAX_BPE_PIECE_CHARS` with no break is approximate). Special-token
 * text such as `<|endoftext|>` counts as ordinary text, as a provider reads it in a prompt.
 */
export function loadBpeCounter(): Promise<BpeCounter> {
  cached ??= (async () => {
    const [{ Tiktoken }, ranks] = await Promise.all([
      import("js-tiktoken/lite"),
      import("js-tiktoken/ranks/o200k_base"),
    ]);
    const encoder = new Tiktoken(ranks.default);
    const pretokenizer = ranks.default.pat_str;
    return (text: string) => {
      let tokens = 0;
      for (const segment of splitForBpe({ text, pretokenizer })) tokens += encoder.encode(segment, [], []).length;
      return tokens;
    };
  })();
  return cached;
}
