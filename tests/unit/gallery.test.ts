// The gallery's plain logic (web/src/gallery/galleryModel.ts): verdicts, the bar's geometry,
// the card's addresses and the playground link of a protocol's run.
import { describe, expect, it } from 'vitest';
import { barGeometry, cardHref, embedCode, embedSrc, formatNumber, formatValue, playgroundHref, verdict } from '../../web/src/gallery/galleryModel';
import type { GalleryValue } from '../../web/src/engine/generated/GalleryValue';
import type { CodecContext } from '../../web/src/scenario/urlCodec';

const value = (differs?: string): GalleryValue => ({ id: 'v', label: 'l', protocol: 'p', public: 100, unit: 'mb_per_s', run: 'r', ...(differs ? { differs } : {}) });
const measured = (engine: number) => ({ id: 'v', engine, ratio: engine / 100, within: Math.abs(engine / 100 - 1) <= 0.2, as_stated: true });

describe('gallery model', () => {
  it('names each verdict as the engine test holds it', () => {
    expect(verdict(value(), measured(110))).toBe('within');
    expect(verdict(value(), measured(130))).toBe('unstated');
    expect(verdict(value('why'), measured(130))).toBe('differs');
    expect(verdict(value('why'), measured(105))).toBe('closed');
  });

  it('formats three significant figures', () => {
    expect(formatNumber(1800, 'en-US')).toBe('1,800');
    expect(formatNumber(74.26, 'en-US')).toBe('74.3');
    expect(formatNumber(0.4634, 'en-US')).toBe('0.46');
    expect(formatValue('us', 8.9, 'en-US')).toBe('8.90 µs');
    expect(formatValue('ratio', 0.5, 'ja-JP')).toBe('0.50');
  });

  it('places the public mark, the engine bar and the ±20 % band on one axis from 0', () => {
    const g = barGeometry(100, 150, 300);
    expect(g.max).toBeCloseTo(165);
    expect(g.publicX).toBeCloseTo((100 / 165) * 300);
    expect(g.engineX).toBeCloseTo((150 / 165) * 300);
    expect([g.bandFrom, g.bandTo].map((x) => Math.round(x))).toEqual([Math.round((80 / 165) * 300), Math.round((120 / 165) * 300)]);
    // The band fits when the engine is far below; no engine number yet draws no bar.
    expect(barGeometry(100, 10, 300).bandTo).toBeLessThan(300);
    expect(barGeometry(100, null, 300).engineX).toBe(0);
  });

  it('gives each card a link and an embed code', () => {
    expect(cardHref('bg4-like')).toBe('./?drives#bg4-like');
    expect(embedSrc('https://x.test/', 'bg4-like')).toBe('https://x.test/?drives=bg4-like&embed=1');
    expect(embedCode('https://x.test/', 'bg4-like', 'Toshiba "BG4"')).toBe(
      '<iframe src="https://x.test/?drives=bg4-like&amp;embed=1" title="Toshiba &quot;BG4&quot;" width="560" height="640" style="border:0" loading="lazy"></iframe>',
    );
  });

  it('opens a run in the playground as its preset with what the protocol changes', () => {
    const preset = { workload: { kind: 'job', rw: 'randread', bs: 4096 }, precondition: { fill_percent: 100 }, seed: 1 };
    const codec: CodecContext = { presets: new Map([['bg4-like', preset]]), defaultPreset: 'bg4-like', workloadDefaults: {}, knobs: [] };
    const run = { id: 'r', preset: 'bg4-like', scenario: { ...preset, precondition: { fill_percent: 0 } } } as never;
    const href = new URLSearchParams(playgroundHref(run, codec).slice(3));
    expect(href.get('preset')).toBe('bg4-like');
    expect(href.get('precondition.fill_percent')).toBe('0');
    expect(href.has('workload.rw')).toBe(false);
  });
});
