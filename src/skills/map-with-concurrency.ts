export interface MapWithConcurrencyOptions<T, R> {
  /** Tasks in flight at most (at least 1). */
  concurrency: number;
  run: (item: T, index: number) => Promise<R>;
}

/**
 * Runs `run` over `items` with at most `concurrency` tasks in flight, starting them in input
 * order; the results keep input order whatever order the tasks finish in.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  options: MapWithConcurrencyOptions<T, R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await options.run(items[index] as T, index);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}
