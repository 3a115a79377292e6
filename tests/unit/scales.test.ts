import { describe, expect, it } from 'vitest';
import { areaPath, axisTitle, chartFrame, decimateForWidth, formatTick, linePath, meanY, pointExtent } from '../../web/src/charts/scales';

const margins = { top: 10, right: 10, bottom: 30, left: 50 };

describe('chartFrame', () => {
  const points = new Float64Array([0, 100, 1, 250, 2, 400]);

  it('maps time from zero to the right edge and throughput from zero to the top', () => {
    const f = chartFrame(points, 560, 240, margins);
    expect(f.innerWidth).toBe(500);
    expect(f.innerHeight).toBe(200);
    expect(f.x(0)).toBe(0);
    expect(f.x(2)).toBe(500);
    expect(f.y(0)).toBe(200);
    // 400 * 1.08 headroom, then nice() → 450
    expect(f.y.domain()).toEqual([0, 450]);
  });

  it('spans the planned runtime when it is longer than the data so far', () => {
    const f = chartFrame(points, 560, 240, margins, 10);
    expect(f.x.domain()).toEqual([0, 10]);
    expect(f.x(5)).toBe(250);
  });

  it('has a usable domain with no points', () => {
    const f = chartFrame(new Float64Array(0), 560, 240, margins);
    expect(f.x.domain()).toEqual([0, 1]);
    expect(f.y.domain()).toEqual([0, 1]);
    expect(f.y.ticks(5).length).toBeGreaterThan(1);
  });

  it('never goes negative in size', () => {
    const f = chartFrame(points, 10, 10, margins);
    expect(f.innerWidth).toBeGreaterThan(0);
    expect(f.innerHeight).toBeGreaterThan(0);
  });
});

describe('paths', () => {
  it('draws one segment per point and closes the area on the baseline', () => {
    const points = new Float64Array([0, 0, 1, 200, 2, 100]);
    const f = chartFrame(points, 300, 230, { top: 0, right: 0, bottom: 0, left: 0 }, 2);
    const d = linePath(points, f);
    expect(d.startsWith('M0,230')).toBe(true);
    expect(d.match(/L/g)?.length).toBe(2);
    expect(areaPath(points, f)).toMatch(/Z$/);
  });

  it('breaks the line at non-finite values instead of drawing NaN', () => {
    const points = new Float64Array([0, 1, 1, Number.NaN, 2, 1]);
    const f = chartFrame(points, 300, 230, margins);
    expect(linePath(points, f)).not.toContain('NaN');
    expect(linePath(points, f).match(/M/g)?.length).toBe(2);
  });

  it('is empty for no points', () => {
    const f = chartFrame(new Float64Array(0), 300, 230, margins);
    expect(linePath(new Float64Array(0), f)).toBe('');
  });
});

describe('helpers', () => {
  it('finds the extent of flat points', () => {
    expect(pointExtent(new Float64Array([0.5, 3, 2, 7, 1, Number.POSITIVE_INFINITY]))).toEqual({ xMax: 2, yMax: 7 });
  });

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
