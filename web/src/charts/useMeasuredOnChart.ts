// A loaded fio result on a chart of the finished run (run/measured.ts): the reference lines and
// marks of its bandwidth and latency percentiles, and a bandwidth log as a line of its own.
import { useSyncExternalStore } from 'react';
import type { SeriesMeta } from '../engine/types';
import { useI18n } from '../i18n';
import { latencyText } from '../run/causeText';
import { formatValue } from '../run/format';
import { MEASURED_COLOR, measuredBandwidthCurves, measuredBandwidthLines, measuredLatencyMarks, measuredStore } from '../run/measured';
import type { RunView } from '../session/runView';
import type { PlotSeries, RefLine } from './chartTypes';

const NONE = { marks: [] as RefLine[], series: [] as PlotSeries[] };

export function useMeasuredOnChart(view: RunView, metas: readonly SeriesMeta[], mark: string): { marks: RefLine[]; series: PlotSeries[] } {
  const { t, lang, locale } = useI18n();
  // Rendered to a string (tests, an embed's first paint): the store as it stands.
  const m = useSyncExternalStore(measuredStore.subscribe, measuredStore.get, measuredStore.get);
  if (!m || view.status !== 'done' || mark !== 'line') return NONE;
  const op = (o: string) => t(`fioResult.op.${o === 'read' ? 'read' : 'write'}`);
  const marks = [
    ...measuredBandwidthLines(m, metas, (o, mb) => t('fioResult.markBandwidth', { op: op(o), value: formatValue(Number(mb.toPrecision(4)), locale) })),
    ...measuredLatencyMarks(m, metas, (o, p, us) => t('fioResult.markLatency', { op: op(o), p, value: latencyText(us, lang, locale) })),
  ];
  const series = measuredBandwidthCurves(m, metas).map(({ op: o, points }): PlotSeries => ({ key: `fio-log-${o}`, label: t('fioResult.logLine', { op: op(o) }), color: MEASURED_COLOR, marker: 'cross', dash: '3 2', points }));
  return { marks, series };
}
