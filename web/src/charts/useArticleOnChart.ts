// What a chart adds for an article figure among its pins: the figure and its values' engine
// numbers (useArticleValues), each member's colour as drawn, the chart's units for the numbers,
// and the article's numbers as reference marks.
import { useArticleValues, type ArticleValuesOnChart } from '../run/useArticleValues';
import type { Pin } from '../session/pins';
import type { SeriesMeta } from '../engine/types';
import { useI18n } from '../i18n';
import { articleRefLines, sourceOf, type NumberFormat } from '../run/articleMarks';
import type { PlotSeries, RefLine } from './chartTypes';

export interface ArticleOnChart {
  on: ArticleValuesOnChart;
  format: NumberFormat;
  colorOf(member: string): string | null;
  marks: RefLine[];
}

/**
 * Null when the chart's pins are no article figure's with values, or the chart does not draw the
 * series the values are measured on (`metas`: the chart's own series, first the one it leads with).
 */
export function useArticleOnChart(overlay: readonly Pin[], series: readonly PlotSeries[], metas: readonly SeriesMeta[]): ArticleOnChart | null {
  const { t, lang, locale } = useI18n();
  const first = metas[0] as SeriesMeta | undefined;
  const on = useArticleValues(overlay, metas.map((m) => m.id));
  if (!on || !first) return null;
  const format: NumberFormat = { lang, locale, x: first.x.unit, y: first.y.unit };
  // A member's colour is its pin's line's (pins are drawn in order, each with the next style).
  const colorOf = (member: string) => {
    const pin = on.pins.find((p) => p.preset === member);
    return (pin && series.find((s) => s.key.startsWith(`${pin.id}:`))?.color) ?? null;
  };
  // Named categories (bars) have no x to put a mark at.
  // The five articles' marks say "article"; another public source's say its name (CacheLib).
  const source = sourceOf(on.figure);
  const marks = first.x.categories.length ? [] : articleRefLines(on.figure.article_values, colorOf, format, (value) => (source ? t('article.markFrom', { source, value }) : t('article.mark', { value })));
  return { on, format, colorOf, marks };
}
