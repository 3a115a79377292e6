import { describe, expect, it } from 'vitest';
import { axisTitle, decimateForWidth, formatTick, lineOrder, meanY } from '../../web/src/charts/scales';


describe('helpers', () => {
  it('formats ticks compactly', () => {
    expect(formatTick(0)).toBe('0');
    expect(formatTick(1500)).toBe('1,500');
    expect(formatTick(25_000)).toBe('25k');
    expect(formatTick(1_500_000)).toBe('1.5M');
    expect(formatTick(0.05)).toBe('0.05');
    expect(formatTick(0.1 + 0.2)).toBe('0.3');
  });

  it('puts units in axis titles', () => {
    expect(axisTitle('Throughput', 'MB/s')).toBe('Throughput (MB/s)');
    expect(axisTitle('Count', '')).toBe('Count');
  });

  it('averages y values', () => {
    expect(meanY(new Float64Array([0, 100, 1, 300]))).toBe(200);
    expect(meanY(new Float64Array(0))).toBeNull();
  });
});

describe('decimateForWidth', () => {
  const identity = (v: number) => v;

  it('leaves a series that fits the width alone', () => {
    const points = new Float64Array([0, 1, 1, 2, 2, 3]);
    expect(decimateForWidth(points, identity, 100)).toBe(points);
  });

  it('keeps first, min, max and last of each pixel column, in x order', () => {
    // 10 columns (x scaled by 1/100 px), 100 points each; a spike in column 3.
    const n = 1000;
    const points = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
      points[2 * i] = i;
      points[2 * i + 1] = i === 345 ? 999 : i === 678 ? -5 : i % 7;
    }
    const out = decimateForWidth(points, (v) => v / 100, 10);
    expect(out.length / 2).toBeLessThanOrEqual(40);
    const xs = Array.from(out).filter((_, k) => k % 2 === 0);
    const ys = Array.from(out).filter((_, k) => k % 2 === 1);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(ys).toContain(999);
    expect(ys).toContain(-5);
    expect(xs[0]).toBe(0);
    expect(xs.at(-1)).toBe(999);
  });
});

describe('lineOrder: where a line over time breaks', () => {
  it('breaks across a stretch without points (an idle minute without reads), not at a short last window', () => {
    const at = (xs: number[]) => new Float64Array(xs.flatMap((x) => [x, 1]));
    const idle = at([0.45, 0.9, 1.35, 1.8, 2.25, 62.1, 62.55, 63, 63.2]);
    expect(lineOrder(idle)).toEqual([0, 1, 2, 3, 4, -1, 5, 6, 7, 8]);
    expect(lineOrder(at([1, 2, 3, 4, 5, 6]))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(lineOrder(at([1, 50, 51]))).toEqual([0, 1, 2]);
    expect(lineOrder(new Float64Array(0))).toEqual([]);
  });
});
