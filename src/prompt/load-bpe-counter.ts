/** Counts BPE tokens of a text. */
export type BpeCounter = (text: string) => number;

let cached: Promise<BpeCounter> | undefined;

/**
 * Loads the offline `o200k_base` encoder of js-tiktoken (about half a second, once per
 * process) and returns a token counter. Loaded lazily: only `prompt --json` needs it.
 */
export function loadBpeCounter(): Promise<BpeCounter> {
  cached ??= (async () => {
    const [{ Tiktoken }, ranks] = await Promise.all([
      import("js-tiktoken/lite"),
      import("js-tiktoken/ranks/o200k_base"),
    ]);
    const encoder = new Tiktoken(ranks.default);
    return (text: string) => encoder.encode(text).length;
  })();
  return cached;
}
