/** What two figures measure: durations read "faster"/"slower", sizes (memory, bytes) "smaller"/"larger". */
export type RatioKind = "time" | "size";

const WORDS: Record<RatioKind, { below: string; above: string; same: string }> = {
  time: { below: "faster", above: "slower", same: "as fast as" },
  size: { below: "smaller", above: "larger", same: "the same size as" },
};

/** A factor ≥ 1 with 2 decimals below 10, 1 below 100, none above. */
function formatFactor(factor: number): string {
  return factor.toFixed(factor < 10 ? 2 : factor < 100 ? 1 : 0);
}

export interface RatioOptions {
  /** The figure being judged (ms, MB, ...). */
  measured: number;
  /** The figure it is held against, in the same unit. */
  reference: number;
  /** Names the reference: "the floor", "classic OpenClaw's 239 ms reload". */
  than: string;
  /** Default "time". */
  kind?: RatioKind;
}

/**
 * The one wording of a ratio in bench output: "2.30x faster than <than>" when `measured` is the
 * smaller figure, "1.40x slower than <than>" when it is the larger, "as fast as <than>" when they
 * round to equal. The factor is always the larger figure over the smaller, so it is never below 1.
 */
export function formatRatio(options: RatioOptions): string {
  const { measured, reference, than } = options;
  const words = WORDS[options.kind ?? "time"];
  if (!(measured > 0 && reference > 0 && Number.isFinite(measured) && Number.isFinite(reference))) {
    return `not comparable with ${than} (${measured} against ${reference})`;
  }
  const above = measured > reference;
  const factor = formatFactor(above ? measured / reference : reference / measured);
  if (factor === formatFactor(1)) return `${words.same} ${than}`;
  return `${factor}x ${above ? words.above : words.below} than ${than}`;
}

/** A target on a ratio, in the same words: "at most 2.5x slower than the floor", "at least 5x faster than …". */
export function formatRatioTarget(options: {
  factor: number;
  /** "above": the measured figure may be at most `factor` times the reference; "below": at least `factor` times smaller. */
  side: "above" | "below";
  than: string;
  kind?: RatioKind;
}): string {
  const words = WORDS[options.kind ?? "time"];
  const bound = options.side === "above" ? "at most" : "at least";
  return `${bound} ${options.factor}x ${options.side === "above" ? words.above : words.below} than ${options.than}`;
}
