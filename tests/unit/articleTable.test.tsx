// The article table under a figure's chart states a reason once: two rows that differ from the
// article for one cause (article 003: OP 0 % and OP 20 % do not slow down in the engine) give it
// in the first row and say "for the reason above" in the second, in English and Japanese.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ArticleTable } from '../../web/src/charts/ArticleTable';
import type { ArticleEngineValue, Figure } from '../../web/src/engine/types';
import type { ArticleMeasure } from '../../web/src/engine/generated/ArticleMeasure';
import { I18nProvider, type Lang } from '../../web/src/i18n';
import type { ArticleValuesOnChart } from '../../web/src/run/useArticleValues';

const WHY = 'the engine does not slow down in this test';
const ratio = (member: string): ArticleMeasure => ({ ratio: [{ member, x: 12 }, { member, x: 1 }] });
const figure: Figure = {
  name: 'test-figure',
  title: 't',
  description: 'd',
  article: '003',
  members: [],
  article_values: [
    { id: 'a', label: 'OP 0 % fell 20 %', article: 0.8, measure: ratio('m0'), band: [0.6, 0.9], differs: WHY },
    { id: 'b', label: 'OP 20 % fell 13 %', article: 0.87, measure: ratio('m1'), band: [0.74, 0.935], differs: WHY },
    { id: 'c', label: 'OP helps 6-7 %', article: 1.065, measure: ratio('m1'), band: [1.01, 1.15], differs: 'no drop, nothing to soften' },
  ],
};
const results: ArticleEngineValue[] = ['a', 'b', 'c'].map((id) => ({ id, engine: 1, in_band: false, axis: 'ratio' }));

function rows(lang: Lang, measured: ArticleEngineValue[] | null = results): string[] {
  const on: ArticleValuesOnChart = { figure, pins: [], key: 'k', results: measured, failed: false };
  const html = renderToStaticMarkup(
    <I18nProvider initial={lang}>
      <ArticleTable on={on} format={{ lang, locale: lang, x: 'count', y: 'mb_per_s' }} colorOf={() => null} />
    </I18nProvider>,
  );
  return [...html.matchAll(/<td data-key="verdict"[^>]*>(.*?)<\/td>/g)].map((m) => m[1]);
}

describe('the article table gives each reason once', () => {
  it('the second row that differs for the same reason points to the first', () => {
    expect(rows('en')).toEqual([`differs: ${WHY}`, 'differs, for the reason above', 'differs: no drop, nothing to soften']);
    // Japanese: the figure has no translation here, so the reason is the English; the words are Japanese.
    expect(rows('ja')).toEqual([`相違：${WHY}`, '相違：理由は上と同じ', '相違：no drop, nothing to soften']);
  });

  it('a row still being measured gives no reason, so the next differing row gives it', () => {
    expect(rows('en', results.filter((r) => r.id !== 'a'))).toEqual(['measuring…', `differs: ${WHY}`, 'differs: no drop, nothing to soften']);
  });
});
