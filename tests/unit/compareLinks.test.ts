// Which runs belong on a comparison (by ids only), and the oEmbed answer's absolute URLs.
import { describe, expect, it } from 'vitest';
import { runMismatch } from '../../web/src/run/comparability';
import { issueText } from '../../web/src/app/IssueBanner';
import { translate } from '../../web/src/i18n';
import type { UrlIssue } from '../../web/src/scenario/urlCodec';
import { oembedDiscoveryHref, oembedResponse } from '../../web/src/session/oembed';
import type { Pin } from '../../web/src/session/pins';
import type { SeriesMeta } from '../../web/src/engine/types';

const axis = (id: string, unit: string) => ({ id, unit, name: id, categories: [] }) as unknown as SeriesMeta['x'];
const sweep = (label: 'random_read' | 'random_write'): SeriesMeta => ({ id: 'span_sweep', role: 'headline', label_id: label, label, x: axis('access_span', 'GiB'), y: axis('throughput', 'MB/s') });
const scenario = (kind: string) => ({ workload: { kind } });
const pin = (meta: SeriesMeta, kind = 'span_sweep'): Pin => ({ id: 'p', label: () => '', scenarioJson: JSON.stringify(scenario(kind)), scenario: scenario(kind), series: [{ meta, points: new Float64Array(0) }] });

describe('runMismatch', () => {
  it('a random-read run over a random-write figure measures something else', () => {
    expect(runMismatch([pin(sweep('random_write')), pin(sweep('random_write'))], [sweep('random_read')], scenario('span_sweep'))).toBe('quantity');
  });
  it('the same quantity under the same kind of workload is comparable', () => {
    expect(runMismatch([pin(sweep('random_write')), pin(sweep('random_read'))], [sweep('random_read')], scenario('span_sweep'))).toBeNull();
  });
  it('another kind of workload on the same axes is not', () => {
    expect(runMismatch([pin(sweep('random_read'), 'transfer_size_sweep')], [sweep('random_read')], scenario('span_sweep'))).toBe('workload');
  });
  it('nothing to compare with, or nothing drawn yet: no note', () => {
    expect(runMismatch([], [sweep('random_read')], scenario('span_sweep'))).toBeNull();
    expect(runMismatch([pin(sweep('random_write'))], [], scenario('span_sweep'))).toBeNull();
  });
});

describe('oEmbed', () => {
  const base = 'https://example.org/tools/ssd/';
  it('the discovery link and every URL in the answer are absolute, under where the app is served', () => {
    const page = `${base}?v=1&preset=bg4-like&seed=1&figure=article-000-random-write&pin=bg4-like~workload.iodepth:4`;
    expect(oembedDiscoveryHref(base, page)).toBe(`${base}oembed.json?url=${encodeURIComponent(page)}&format=json`);
    const r = oembedResponse(base, page)!;
    expect(r).toMatchObject({ version: '1.0', type: 'rich', provider_url: base, width: 720, height: 460 });
    const src = /src="([^"]+)"/.exec(r.html)![1].replace(/&amp;/g, '&');
    expect(src).toBe(`${base}embed.html?v=1&preset=bg4-like&seed=1&figure=article-000-random-write&pin=bg4-like~workload.iodepth:4&chart=headline`);
    expect(r.html).toContain(`<script async src="${base}embed.js"></script>`);
  });
  it('respects maxwidth/maxheight and refuses URLs that are not this app’s', () => {
    expect(oembedResponse(base, `${base}?preset=x`, { width: 400, height: 300 })).toMatchObject({ width: 400, height: 300 });
    expect(oembedResponse(base, 'https://evil.example/?preset=x')).toBeNull();
    expect(oembedResponse(base, 'https://example.org/other/?preset=x')).toBeNull();
    expect(oembedResponse(base, 'not a url')).toBeNull();
  });
  it('markup from the link cannot break out of the iframe attribute', () => {
    const r = oembedResponse(base, `${base}?preset=%22%3E%3Cscript%3E`)!;
    expect(r.html).not.toContain('"><script>');
  });
});

describe('problems with a link’s comparison, worded in both languages', () => {
  const issues: UrlIssue[] = [
    { code: 'bad-pin', param: '2', value: 'nope', detail: 'unknown-preset', pin: 2 },
    { code: 'bad-pin', param: '3', value: 'x', detail: 'bad-field', pin: 3 },
    { code: 'bad-pin', param: '4', detail: 'too-long', pin: 4 },
    { code: 'unknown-figure', param: 'figure', value: 'fig-z' },
    { code: 'too-many-pins', param: 'pin', value: '3', detail: '8' },
    { code: 'out-of-range', param: 'workload.iodepth', value: '0', detail: '1 – 1024', pin: 5 },
  ];
  for (const lang of ['en', 'ja'] as const) {
    it(lang, () => {
      const texts = issues.map((issue) => issueText((k, v) => translate(lang, k, v), issue));
      for (const text of texts) {
        expect(text).not.toMatch(/\{\w+\}/);
        expect(text).not.toMatch(/^issue\./);
      }
      // A problem inside a pin says which pin.
      expect(texts[5]).toContain(lang === 'en' ? 'Pinned result 5: ' : 'ピン留めした結果 5：');
      expect(texts[0]).toContain('nope');
    });
  }
});
