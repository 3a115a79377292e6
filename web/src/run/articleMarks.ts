// An article figure's own numbers on its chart: which figure the drawn pins are, the lines the
// engine measures its values on, and the article's numbers as reference marks in the member's
// colour. The measuring itself is the engine's (`article_values`); nothing here computes a
// measure, it only reads where a measure looks (its member, its x or range) to draw the mark.
import type { Pin } from '../session/pins';
import type { ArticleLine, ArticleMeasure, ArticleMeasureAxis, ArticleValue, Figure, Unit } from '../engine/types';
import type { Lang } from '../i18n';
import { withUnit } from '../i18n/units';
import type { RefLine } from './refLine';
import { formatValue } from './format';

/** The article figure drawn on a chart: the figure and the pins of its members that are drawn. */
export interface FigureOnChart {
  figure: Figure;
  pins: Pin[];
  /** Names the lines measured: the figure and its drawn pins (pins keep their ids). */
  key: string;
}

/**
 * The figure whose members the chart's pins are, if it lists article values and the chart draws
 * the series they are measured on (`chartSeries`: the ids of the chart's series): the headline,
 * or the one the figure names (CacheLib's write amplification, not the cache's throughput).
 */
export function figureOnChart(figures: readonly Figure[], overlay: readonly Pin[], chartSeries: readonly string[] = []): FigureOnChart | null {
  const name = overlay.find((p) => p.figure)?.figure;
  const figure = figures.find((f) => f.name === name);
  if (!figure || figure.article_values.length === 0) return null;
  if (figure.series !== undefined && !chartSeries.includes(figure.series)) return null;
  const pins = overlay.filter((p) => p.figure === figure.name && p.preset && memberSeries(p, figure));
  if (pins.length === 0) return null;
  return { figure, pins, key: `${figure.name}|${pins.map((p) => p.id).join(',')}` };
}

/** The line of a member's run the figure's values read: its headline unless the figure names another. */
function memberSeries(pin: Pin, figure: Figure) {
  return figure.series === undefined ? pin.series[0] : pin.series.find((s) => s.meta.id === figure.series);
}

/** Each drawn member's measured line, as the engine takes them (`ssdsim articles` reads the same series). */
export function memberLines(on: Pick<FigureOnChart, 'figure' | 'pins'>): ArticleLine[] {
  return on.pins.map((p) => ({ member: p.preset!, points: Array.from(memberSeries(p, on.figure)!.points) }));
}

/** Who measured a figure's values when it is not one of the five articles (000 … 004): its name (CacheLib); null for an article. */
export function sourceOf(figure: Figure): string | null {
  return /^\d{3}$/.test(figure.article) ? null : figure.article;
}

/** The members a measure reads, first the one it is about (its mark's colour). */
export function measureMembers(m: ArticleMeasure): string[] {
  if ('at' in m) return [m.at.member];
  if ('mean' in m) return [m.mean.member];
  if ('min' in m) return [m.min.member];
  if ('max' in m) return [m.max.member];
  if ('p90' in m) return [m.p90.member];
  if ('rise' in m) return [m.rise.member];
  if ('p90_rise' in m) return [m.p90_rise.member];
  if ('first_below' in m) return [m.first_below.member];
  if ('tail_mean' in m) return [m.tail_mean.member];
  if ('ratio' in m) return m.ratio.map((p) => p.member);
  return m.difference.map((p) => p.member);
}

export interface NumberFormat {
  lang: Lang;
  locale: string;
  /** The chart's axes' units: a number on x or y reads in that axis' unit. */
  x: Unit;
  y: Unit;
}

/** A value's number as the chart beside it writes numbers: its axis' unit, or × for a ratio. */
export function articleNumber(v: number, axis: ArticleMeasureAxis, f: NumberFormat): string {
  const unit: Unit = axis === 'ratio' ? 'ratio' : f[axis];
  return withUnit(f.lang, formatValue(v, f.locale), unit);
}

/**
 * The article's numbers as marks: at one point a short dash at its x, a mean a dash over its
 * range, both at the article's y; where a line falls below a level, an upright line at the
 * article's x. Values without a number, or measured otherwise (ratios), have no mark.
 */
export function articleRefLines(values: readonly ArticleValue[], colorOf: (member: string) => string | null, f: NumberFormat, label: (value: string) => string): RefLine[] {
  const out: RefLine[] = [];
  for (const v of values) {
    const color = colorOf(measureMembers(v.measure)[0]);
    if (v.article === undefined || color === null) continue;
    const m = v.measure;
    // A mark across stands at the article's y, an upright one at its x: the label takes that axis' unit.
    const base = (axis: 'x' | 'y') => ({ key: `article-${v.id}`, label: label(articleNumber(v.article!, axis, f)), value: v.article!, color });
    if ('at' in m) out.push({ ...base('y'), span: [m.at.x, m.at.x] });
    else if ('mean' in m) out.push({ ...base('y'), span: [m.mean.from, m.mean.to] });
    else if ('first_below' in m) out.push({ ...base('x'), vertical: true });
    // Where a line settles: across the whole plot, in the member's colour.
    else if ('tail_mean' in m) out.push(base('y'));
  }
  return out;
}
