/**
 * `work` over each of `items`, at most `limit` at a time, the answers in the items' order. For
 * pages a test opens one after another only to check each on its own (each in a page of its own,
 * with its own listeners): most of a page's time is waiting on the network going quiet, which
 * left the two cores idle while it was done one page at a time.
 */
export async function atMostAtOnce<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
