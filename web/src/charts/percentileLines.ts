// Latency percentile lines across a latency trace (p50, p99, p99.9 of reads and writes).
import type { RunView } from '../session/runView';
import type { SeriesMeta } from '../engine/types';
import type { I18n, Lang } from '../i18n';
import { withUnit } from '../i18n/units';
import type { RefLine } from './chartTypes';
import { percentiles } from '../run/latency';

/**
 * Percentiles are summaries, not drives: they take greys outside the drives' palette (a p99 in
 * the XPoint drive's orange read as that drive's), and a dash each, finer for the tail.
 */
export const PCT_STYLE = {
  p50: { color: '#4d4d4d', dash: '8 4' },
  p99: { color: '#6b6b6b', dash: '2 3' },
  'p99.9': { color: '#8a8a8a', dash: '1 4' },
} as const;

interface Format {
  t: I18n['t'];
  lang: Lang;
  locale: string;
}

/** The finished run's percentiles in the trace's unit, labelled with their values. */
export function percentileLines(view: RunView, first: SeriesMeta, { t, lang, locale }: Format): RefLine[] {
  const pct = view.status === 'done' ? percentiles(view.summary, first.y.unit) : [];
  return mergeRefLines(
    pct.map((p) => ({
      key: `${p.op}-${p.name}`,
      label: `${t(p.op === 'read' ? 'op.read' : 'op.write')} ${p.name}`,
      value: p.value,
      color: PCT_STYLE[p.name].color,
      dash: PCT_STYLE[p.name].dash,
    })),
    (v) => withUnit(lang, v.toLocaleString(locale, { maximumSignificantDigits: 4 }), first.y.unit),
  );
}

/**
 * Percentiles often coincide (p99 = p99.9 when one spike dominates): lines at the same value
 * share one label ("Write p99 / p99.9 25.9 ms") instead of printing over each other.
 */
export function mergeRefLines(lines: RefLine[], value: (v: number) => string): RefLine[] {
  const out: RefLine[] = [];
  for (const line of lines) {
    const same = out.find((o) => Math.abs(o.value - line.value) <= Math.abs(line.value) * 1e-3);
    if (same) same.label = `${same.label} / ${line.label.split(' ').pop()}`;
    else out.push({ ...line });
  }
  return out.map((l) => ({ ...l, label: `${l.label} ${value(l.value)}` }));
}
