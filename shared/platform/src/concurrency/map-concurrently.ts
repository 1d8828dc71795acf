/**
 * `fn` over `items`, at most `limit` calls in flight: each call that settles starts the next item
 * (so a slow item holds one lane, not the batch). Resolves with the results in the order of
 * `items`. The first call to reject rejects the whole with its error, and no item is started
 * after it; calls already in flight run on, their results dropped. An empty list resolves at once.
 */
export async function mapConcurrently<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
