import { describe, expect, it } from 'vitest';
import { embedOptions } from '../../web/src/app/EmbedApp';
import { embedUrl } from '../../web/src/app/EmbedDialog';
import { embedSnippet } from '../../web/src/scenario/embedLink';
import { issueText } from '../../web/src/app/IssueBanner';
import { format, initialLang, translate } from '../../web/src/i18n';
import { en, type MessageKey } from '../../web/src/i18n/en';
import { ja } from '../../web/src/i18n/ja';
import { etaSeconds } from '../../web/src/panels/RunControls';
import { seriesLabel } from '../../web/src/i18n/engineText';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('UI text', () => {
  it('has every English string in Japanese, translated, with the same placeholders', () => {
    const keys = Object.keys(en) as MessageKey[];
    expect(Object.keys(ja).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(ja[key].trim(), key).not.toBe('');
      expect(placeholders(ja[key]), key).toEqual(placeholders(en[key]));
    }
    // Strings that are the same in both languages are names, not untranslated text.
    const same = keys.filter((k) => ja[k] === en[k]);
    // (NAND, Host Memory Buffer, QoS and percentile notation, and trace formats' own names,
    // are written the same in Japanese.)
    const names = ['trace.format.msr', 'trace.format.fio_v2', 'trace.format.fio_v3', 'trace.field.sha256'];
    expect(same.sort()).toEqual(['app.title', 'article.markFrom', 'chart.cdm_read', 'summary.group.nand', 'summary.group.hmb', 'summary.col.p99_us', 'summary.col.p999_us', 'summary.col.p9999_us', 'qos.title', ...names].sort());
  });

  it('fills placeholders as text', () => {
    expect(format('Seed {seed} of {n}', { seed: '<b>', n: 3 })).toBe('Seed <b> of 3');
    expect(format('{missing}', {})).toBe('{missing}');
    expect(translate('ja', 'run.done', { s: '1.2' })).toBe('1.2 秒で完了');
  });

  it('starts in the link’s language, then the last choice, then the browser’s', () => {
    expect(initialLang('?lang=ja', 'en', 'en-US')).toBe('ja');
    expect(initialLang('?lang=xx', 'ja', 'en-US')).toBe('ja');
    expect(initialLang('', null, 'ja-JP')).toBe('ja');
    expect(initialLang('', null, 'de-DE')).toBe('en');
  });

  it('describes every kind of link problem in both languages', () => {
    const codes = ['too-long', 'bad-version', 'newer-version', 'unknown-preset', 'unknown-param', 'bad-value', 'out-of-range', 'not-whole-bytes', 'unsafe-integer', 'duplicate', 'rejected'] as const;
    for (const lang of ['en', 'ja'] as const) {
      for (const code of codes) {
        const text = issueText((k, v) => translate(lang, k, v), { code, param: 'workload.iodepth', value: 'x', detail: '1 – 1024' });
        expect(text, `${lang} ${code}`).not.toMatch(/\{\w+\}/);
      }
    }
  });
});

describe('embed', () => {
  it('reads the chart and controls from its URL, ignoring junk', () => {
    expect(embedOptions('?chart=latency&controls=workload.iodepth,device.mapping.hmb.allocation_policy')).toEqual({
      chart: 'latency',
      controls: ['workload.iodepth', 'device.mapping.hmb.allocation_policy'],
    });
    expect(embedOptions('?chart=<script>&controls=a.b,<x>,,')).toEqual({ chart: 'headline', controls: ['a.b'] });
  });

  it('builds the iframe snippet with escaped attributes', () => {
    const src = embedUrl('https://example.test/app/', 'v=1&preset=bg4-like&seed=1&lang=ja', 'headline', ['workload.iodepth']);
    expect(src).toBe('https://example.test/app/embed.html?v=1&preset=bg4-like&seed=1&lang=ja&chart=headline&controls=workload.iodepth');
    const html = embedSnippet(`${src}&x="><script>`, 460, 'Chart "A"', 'https://example.test/app/');
    expect(html).toContain('height="460"');
    expect(html).toContain('title="Chart &quot;A&quot;"');
    expect(html).not.toContain('"><script>');
    expect(html).toContain('<script async src="https://example.test/app/embed.js"></script>');
  });
});

describe('run progress', () => {
  it('estimates the time left from the pace so far', () => {
    expect(etaSeconds(0.5, 2000)).toBe(2);
    expect(etaSeconds(0.01, 2000)).toBeNull();
    expect(etaSeconds(1, 2000)).toBeNull();
  });
});

describe('series names', () => {
  it('names each FDP handle’s line by its number in both languages', () => {
    const line = (h: number) => ({ label_id: 'placement_handle' as const, label: `handle ${h}` });
    expect(seriesLabel('en', line(2))).toBe('handle 2');
    expect([0, 1, 2].map((h) => seriesLabel('ja', line(h)))).toEqual(['FDP ハンドル 0', 'FDP ハンドル 1', 'FDP ハンドル 2']);
  });
});
