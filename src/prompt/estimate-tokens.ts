/** The runtime's token estimate: one token per 4 chars, rounded up (spec/context.md §3). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
