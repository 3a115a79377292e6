// The block map's P/E histogram (issue 46): exact bins for known erase counts, one bin per count
// when the counts span few values, 1-2-5 widths with integer edges when they span many; and the
// chart drawn from them, in both languages.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EraseHistogram } from '../../web/src/charts/EraseHistogram';
import { binWidth, eraseHistogram, histogramDomain, MAX_BINS } from '../../web/src/charts/eraseHistogram';
import { I18nProvider, type Lang } from '../../web/src/i18n';

const counts = (...c: number[]) => Uint32Array.from(c);

describe('erase-count histogram', () => {
  it('puts a few counts in one bin each, empty counts between included', () => {
    const h = eraseHistogram(counts(3, 5, 5, 4, 7, 3, 5));
    expect(h.bins).toEqual([
      { from: 3, to: 3, blocks: 2 },
      { from: 4, to: 4, blocks: 1 },
      { from: 5, to: 5, blocks: 3 },
      { from: 6, to: 6, blocks: 0 },
      { from: 7, to: 7, blocks: 1 },
    ]);
    expect(h).toMatchObject({ width: 1, blocks: 7, min: 3, max: 7, spread: 4 });
    expect(h.mean).toBeCloseTo(32 / 7, 12);
  });

  it('gives all-equal counts one bin, and a spread of 0', () => {
    const h = eraseHistogram(new Uint32Array(1024).fill(12));
    expect(h.bins).toEqual([{ from: 12, to: 12, blocks: 1024 }]);
    expect(h).toMatchObject({ width: 1, blocks: 1024, min: 12, max: 12, mean: 12, spread: 0 });
    // A never-erased drive: every block at 0.
    expect(eraseHistogram(new Uint32Array(8)).bins).toEqual([{ from: 0, to: 0, blocks: 8 }]);
  });

  it('handles a single block, and no blocks', () => {
    expect(eraseHistogram(counts(9))).toEqual({ bins: [{ from: 9, to: 9, blocks: 1 }], width: 1, blocks: 1, min: 9, max: 9, mean: 9, spread: 0 });
    expect(eraseHistogram(counts())).toEqual({ bins: [], width: 1, blocks: 0, min: 0, max: 0, mean: 0, spread: 0 });
  });

  it('keeps one bin per count up to 40 counts, then widens bins 1-2-5 with edges on their multiples', () => {
    expect(binWidth(0, 39)).toBe(1); // 40 counts
    expect(binWidth(0, 40)).toBe(2); // 41: 21 bins of 2
    expect(binWidth(1, 80)).toBe(5); // in 2s, 0–1 … 80–81 is 41 bins
    expect(binWidth(0, 79)).toBe(2); // 0–1 … 78–79 is 40
    expect(binWidth(0, 999)).toBe(50);
    expect(binWidth(120, 5000)).toBe(200);
    const h = eraseHistogram(counts(0, 40, 40, 17));
    expect(h.width).toBe(2);
    expect(h.bins).toHaveLength(21);
    expect(h.bins[0]).toEqual({ from: 0, to: 1, blocks: 1 });
    expect(h.bins[8]).toEqual({ from: 16, to: 17, blocks: 1 });
    expect(h.bins[20]).toEqual({ from: 40, to: 41, blocks: 2 });
  });

  it('bins a wide range in at most 40 bins that count every block', () => {
    // 1,000 blocks worn 37 … 1,036 times, one block per count.
    const wide = Uint32Array.from({ length: 1000 }, (_, i) => 37 + i);
    const h = eraseHistogram(wide);
    expect(h.width).toBe(50);
    expect(h.bins.map((b) => b.from)).toEqual(Array.from({ length: 21 }, (_, i) => i * 50));
    expect(h.bins[0]).toEqual({ from: 0, to: 49, blocks: 13 }); // 37 … 49
    expect(h.bins[1]).toEqual({ from: 50, to: 99, blocks: 50 });
    expect(h.bins[20]).toEqual({ from: 1000, to: 1049, blocks: 37 }); // 1000 … 1036
    expect(h.bins.length).toBeLessThanOrEqual(MAX_BINS);
    expect(h.bins.reduce((s, b) => s + b.blocks, 0)).toBe(1000);
    expect(h).toMatchObject({ min: 37, max: 1036, spread: 999, mean: 536.5 });
  });

  it('widens the axis of one or two bins to eight bin widths, never below 0', () => {
    expect(histogramDomain(eraseHistogram(new Uint32Array(8)))).toEqual([0, 8]);
    expect(histogramDomain(eraseHistogram(counts(10, 11)))).toEqual([7, 15]);
    expect(histogramDomain(eraseHistogram(counts(0, 40)))).toEqual([0, 42]);
    expect(histogramDomain(eraseHistogram(counts()))).toEqual([0, 8]);
  });
});

describe('erase-count histogram, drawn', () => {
  const draw = (lang: Lang, c: Uint32Array, staticSpread: number | null) =>
    renderToStaticMarkup(
      <I18nProvider initial={lang}>
        <EraseHistogram eraseCounts={c} wear={staticSpread === null ? null : { dynamic: true, static_spread: staticSpread, static_every: 64 }} />
      </I18nProvider>,
    );
  const attrs = (html: string, name: string) => [...html.matchAll(new RegExp(`data-testid="pe-bin"[^>]*?${name}="([^"]*)"`, 'g'))].map((m) => Number(m[1]));
  const text = (html: string, id: string) => new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];

  it('draws a bar per bin holding every block, the mean and max marked, and says min, mean, max and spread', () => {
    const html = draw('en', counts(3, 5, 5, 4, 7, 3, 5, 1200), 100);
    // 3 … 1,200 is 1,198 counts: 24 bins of 50 (0–49 … 1,150–1,199), and 1,200–1,249.
    expect(attrs(html, 'data-from')).toEqual(Array.from({ length: 25 }, (_, i) => i * 50));
    expect(attrs(html, 'data-blocks').reduce((a, b) => a + b, 0)).toBe(8);
    expect(html).toContain('data-testid="pe-mean"');
    expect(html).toContain('>max 1,200<');
    expect(text(html, 'pe-summary')).toBe('Erase counts of 8 blocks: min 3 · mean 154 · max 1,200 · spread (max − min) 1,197');
    expect(html).toContain('every 64 GC victims of a plane it looks, and when the plane’s spread passes 100, GC moves');
  });

  it('says it in Japanese, and what turning static wear levelling off means', () => {
    const html = draw('ja', new Uint32Array(16).fill(4), 0);
    expect(attrs(html, 'data-blocks')).toEqual([16]);
    expect(text(html, 'pe-summary')).toBe('16 ブロックの消去回数：最小 4・平均 4・最大 4・ばらつき（最大 − 最小）0');
    expect(html).toContain('静的ウェアレベリングは無効です');
    // Without a NAND drive's settings, nothing is said about them.
    expect(draw('en', counts(1), null)).not.toContain('wear levelling');
  });
});
