// Spreads jobs over a fixed number of lanes (workers): each lane takes the next job as soon
// as its previous one is done, so a long job never holds up the short ones behind it.

/** Runs `run(item, lane)` for every item on at most `lanes` lanes at once; results in item order. */
export async function runPool<T, R>(items: readonly T[], lanes: number, run: (item: T, lane: number) => Promise<R>): Promise<R[]> {
  if (!Number.isInteger(lanes) || lanes < 1) throw new Error(`runPool: ${lanes} lanes`);
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async (index: number) => {
    while (next < items.length) {
      const at = next++;
      results[at] = await run(items[at], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, (_, i) => lane(i)));
  return results;
}
