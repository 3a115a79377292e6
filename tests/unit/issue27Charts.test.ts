// Issue 27: chart defects a student and a trainer found. Each test fails on the old behaviour.
import { describe, expect, it } from 'vitest';
import { CAPTIONS } from '../../web/src/charts/captions';
import { PALETTE } from '../../web/src/charts/palette';
import { PCT_STYLE } from '../../web/src/charts/percentileLines';

describe('issue 27 (3): article 002 latency trace', () => {
  it('percentile lines take no drive colour and a dash of their own', () => {
    const styles = Object.values(PCT_STYLE);
    for (const s of styles) expect(PALETTE.map((c) => c.toLowerCase())).not.toContain(s.color.toLowerCase());
    const dashes = styles.map((s) => s.dash);
    expect(new Set([...dashes, '4 4']).size).toBe(dashes.length + 1);
  });

  it('the caption explains the two NAND write bands and says the dashed lines are percentiles', () => {
    for (const lang of ['en', 'ja'] as const) {
      const text = CAPTIONS.latency_trace[lang];
      expect(text).toContain('18.2');
      expect(text).toContain('19.7');
      expect(text).toContain('1.8 ms');
    }
  });
});

describe('issue 27 (4): log axes where a ratio is the point', () => {
  it('article 004 and article 001 figures start on a log y, other charts on a linear one', async () => {
    const { defaultLogY } = await import('../../web/src/charts/chartSpecs');
    expect(defaultLogY('article-004-cached-vs-not', true)).toBe(true);
    expect(defaultLogY('article-001-application-load', true)).toBe(true);
    expect(defaultLogY('article-001-whole-drive-write', true)).toBe(true);
    // The claim 0.8 vs 5.3 MB/s: a log axis puts them a factor apart, not both on the floor.
    expect(Math.log10(5.3) - Math.log10(0.8)).toBeGreaterThan(0.8);
    expect(defaultLogY('article-003-op-levels', true)).toBe(false);
    expect(defaultLogY(undefined, true)).toBe(false);
    expect(defaultLogY('article-004-cached-vs-not', false)).toBe(false);
  });
});
