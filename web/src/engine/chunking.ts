// Small pure helpers for the chunked run loop and for collecting streamed points.

export const MIN_CHUNK_EVENTS = 64;
export const MAX_CHUNK_EVENTS = 1 << 22;

/**
 * Next chunk size aiming at `targetMs` per chunk. Growth is capped at 4x per step so a
 * chunk that happened to be fast (cache warm-up, tiny first chunk) cannot overshoot wildly.
 */
export function nextChunkSize(current: number, elapsedMs: number, targetMs: number): number {
  let next: number;
  if (!(elapsedMs > 0.5)) next = current * 4; // too fast to measure reliably
  else next = Math.round(current * Math.min(4, Math.max(0.25, targetMs / elapsedMs)));
  return Math.min(MAX_CHUNK_EVENTS, Math.max(MIN_CHUNK_EVENTS, next));
}

/**
 * Returns an array that owns its whole buffer, so transferring the buffer moves exactly these
 * points and can never detach memory shared with something else (such as a wasm heap view).
 */
export function ownedCopy(points: Float64Array): Float64Array {
  const buffer = points.buffer;
  if (buffer instanceof ArrayBuffer && points.byteOffset === 0 && points.byteLength === buffer.byteLength) {
    return points;
  }
  return points.slice();
}

/**
 * Growable flat [x, y, ...] store for one series. Appending is amortised O(1): the chart
 * reads `view()` once per animation frame instead of the page re-copying every chunk.
 */
export class PointBuffer {
  private data: Float64Array;
  private used = 0;

  constructor(initialCapacity = 1024) {
    this.data = new Float64Array(Math.max(2, initialCapacity));
  }

  /** Number of (x, y) points. */
  get length(): number {
    return this.used / 2;
  }

  append(flat: Float64Array): void {
    if (flat.length % 2 !== 0) throw new Error(`points must be (x, y) pairs, got ${flat.length} numbers`);
    const needed = this.used + flat.length;
    if (needed > this.data.length) {
      let capacity = this.data.length;
      while (capacity < needed) capacity *= 2;
      const grown = new Float64Array(capacity);
      grown.set(this.data.subarray(0, this.used));
      this.data = grown;
    }
    this.data.set(flat, this.used);
    this.used = needed;
  }

  /** A view of the points so far; valid until the next append. */
  view(): Float64Array {
    return this.data.subarray(0, this.used);
  }

  /** Plain number pairs, for tests and the test hook. */
  toPairs(): [number, number][] {
    const out: [number, number][] = [];
    for (let i = 0; i < this.used; i += 2) out.push([this.data[i], this.data[i + 1]]);
    return out;
  }

  clear(): void {
    this.used = 0;
  }
}
