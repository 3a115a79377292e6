import { describe, expect, it } from 'vitest';
import { MAX_CHUNK_EVENTS, MIN_CHUNK_EVENTS, PointBuffer, nextChunkSize, ownedCopy } from '../../web/src/engine/chunking';

describe('nextChunkSize', () => {
  it('scales the chunk towards the target time', () => {
    expect(nextChunkSize(1000, 60, 30)).toBe(500);
    expect(nextChunkSize(1000, 15, 30)).toBe(2000);
    expect(nextChunkSize(1000, 30, 30)).toBe(1000);
  });

  it('grows at most 4x and shrinks at most 4x per step', () => {
    expect(nextChunkSize(1000, 1, 30)).toBe(4000);
    expect(nextChunkSize(1000, 0, 30)).toBe(4000); // unmeasurably fast
    expect(nextChunkSize(1000, 10_000, 30)).toBe(250);
  });

  it('stays within bounds', () => {
    expect(nextChunkSize(MIN_CHUNK_EVENTS, 10_000, 30)).toBe(MIN_CHUNK_EVENTS);
    expect(nextChunkSize(MAX_CHUNK_EVENTS, 0, 30)).toBe(MAX_CHUNK_EVENTS);
  });
});

describe('ownedCopy', () => {
  it('keeps an array that owns its whole buffer', () => {
    const a = new Float64Array([1, 2, 3, 4]);
    expect(ownedCopy(a)).toBe(a);
  });

  it('copies a view into a larger buffer so transferring it detaches nothing else', () => {
    const heap = new Float64Array(16);
    heap.set([1, 2, 3, 4], 4);
    const view = heap.subarray(4, 8);
    const owned = ownedCopy(view);
    expect(owned).not.toBe(view);
    expect(owned.buffer.byteLength).toBe(4 * 8);
    expect(Array.from(owned)).toEqual([1, 2, 3, 4]);
  });
});

describe('PointBuffer', () => {
  it('accumulates chunks in order, growing past its capacity', () => {
    const buf = new PointBuffer(2);
    buf.append(new Float64Array([0, 10]));
    buf.append(new Float64Array([1, 11, 2, 12, 3, 13]));
    buf.append(new Float64Array([]));
    expect(buf.length).toBe(4);
    expect(Array.from(buf.view())).toEqual([0, 10, 1, 11, 2, 12, 3, 13]);
    expect(buf.toPairs()).toEqual([
      [0, 10],
      [1, 11],
      [2, 12],
      [3, 13],
    ]);
  });

  it('keeps every bit of the values (no rounding on the way)', () => {
    const buf = new PointBuffer();
    const tricky = new Float64Array([0.1 + 0.2, Number.MIN_VALUE, 1e308, -0]);
    buf.append(tricky);
    const out = buf.view();
    for (let i = 0; i < tricky.length; i++) expect(Object.is(out[i], tricky[i])).toBe(true);
  });

  it('rejects an odd number of values', () => {
    expect(() => new PointBuffer().append(new Float64Array(3))).toThrow(/pairs/);
  });

  it('handles many appends', () => {
    const buf = new PointBuffer(1);
    for (let i = 0; i < 10_000; i++) buf.append(new Float64Array([i, i * 2]));
    expect(buf.length).toBe(10_000);
    expect(buf.view()[2 * 9_999 + 1]).toBe(19_998);
    buf.clear();
    expect(buf.length).toBe(0);
  });
});
