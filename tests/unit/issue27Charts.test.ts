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
