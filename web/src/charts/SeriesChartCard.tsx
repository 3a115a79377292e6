// One chart of a run, from its definition: picks the series, labels and styles them, adds the
// chart's own controls (log scale, CDF / histogram, percentile lines) and, on the headline
// chart, overlays the pinned results for comparison.
import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { RunView } from '../app/useRun';
import type { Pin } from '../app/usePins';
import { pinLabelIds, pinWorkloadKind, runMismatch } from '../app/comparability';
import { CompareNote } from '../app/CompareNote';
import type { SeriesMeta } from '../engine/types';
import { useI18n, type MessageKey } from '../i18n';
import { axisName, seriesLabel } from '../i18n/engineText';
import { unitText, withUnit } from '../i18n/units';
import { Segmented } from '../ui/Segmented';
import { Switch } from '../ui/Switch';
import { Chart, type PlotSeries, type RefLine } from './Chart';
import type { PlotFrame } from './plotFrame';
import { ChartCard, type LegendEntry } from './ChartCard';
import { isGeometric, sameAxes, type ChartDef } from './chartSpecs';
import type { ChartExporter } from './exportChart';
import { formatValue, unitsOnChart } from './format';
import { meanY } from './scales';
import { cdfToHistogram, histogramIndex, histogramSteps, percentiles } from './latency';
import { LatencyCompareTable, type LatencyRow } from './LatencyCompareTable';
import { seriesStyle } from './palette';
import { captionId, captionText } from './captions';
import { RichText } from '../explain/glossary/RichText';

const EMPTY = new Float64Array(0);
const PCT_COLORS = { p50: '#009E73', p99: '#D55E00', 'p99.9': '#CC79A7' };

interface Props {
  def: ChartDef;
  view: RunView;
  /** Pinned results to overlay (headline only). */
  pins?: Pin[];
  /** The preset the current run is, unchanged: a figure's member of that preset stands for it. */
  runPreset?: string | null;
  onRemovePin?(id: string): void;
  /** Planned end of a time axis (seconds), so a live line grows across the chart. */
  runtimeS?: number;
  filenameBase: string;
  height?: number;
  /** Extra buttons in the card head (Pin). */
  actions?: ReactNode;
  exportable?: boolean;
  /** Drawn in the plot's frame behind the lines (a story step's highlight). */
  highlight?: (frame: PlotFrame) => ReactNode;
}

/** Pins drawn on this chart: only those whose headline shares the chart's axes. */
export function compatiblePins(pins: readonly Pin[], first: SeriesMeta | undefined): Pin[] {
  if (!first) return [...pins];
  return pins.filter((p) => p.series[0] && sameAxes(p.series[0].meta, first));
}

function titleKey(def: ChartDef, first: SeriesMeta | undefined): MessageKey | null {
  if (def.id === 'headline' && first) {
    const key = `chart.${first.id}`;
    return (HEADLINE_TITLES as readonly string[]).includes(key) ? (key as MessageKey) : null;
  }
  const key = `chart.${def.id}`;
  return (CHART_TITLES as readonly string[]).includes(key) ? (key as MessageKey) : null;
}

const HEADLINE_TITLES = ['chart.span_sweep', 'chart.throughput_vs_written', 'chart.latency_trace', 'chart.steady_state', 'chart.file_copy', 'chart.transfer_size_sweep', 'chart.application_load', 'chart.cdm_read', 'chart.read_throughput', 'chart.write_throughput'] as const;
const CHART_TITLES = ['chart.throughput', 'chart.latency', 'chart.waf', 'chart.gc', 'chart.mapping', 'chart.slc_cache', 'chart.slc_cache_by_data_written', 'chart.tier', 'chart.tier_promotion_rate', 'chart.tier_cache_tier'] as const;

export function SeriesChartCard({ def, view, pins = [], runPreset = null, onRemovePin, runtimeS = 0, filenameBase, height, actions, exportable = true, highlight }: Props) {
  const { t, lang, locale } = useI18n();
  const exporter = useRef<ChartExporter | null>(null);
  const metas = def.series.map((i) => view.series[i]).filter(Boolean);
  const first = metas[0];
  const [logY, setLogY] = useState(false);
  const [logX, setLogX] = useState<boolean | null>(null);
  const [cdfMode, setCdfMode] = useState<'cdf' | 'hist'>('cdf');
  const [showPct, setShowPct] = useState(true);
  const overlay = compatiblePins(pins, first);
  const comparing = overlay.length > 0;
  const live = view.status === 'running';
  // A run that measures something else than the pins (a read run over a write figure) is
  // left off the comparison unless the reader asks for it, and then drawn marked.
  const mismatch = comparing ? runMismatch(overlay, metas, view.scenarioJson) : null;
  const [showOdd, setShowOdd] = useState(false);

  // Each line with the summary of the run it came from (the table under a compared trace).
  const [series, sources]: [PlotSeries[], LatencyRow['summary'][]] = useMemo(() => {
    const out: PlotSeries[] = [];
    const from: LatencyRow['summary'][] = [];
    // The histogram view draws the engine's own log-binned histogram when the run has one;
    // older engines (and pins made with them) fall back to binning the CDF's quantiles.
    const transform = (p: Float64Array, cdfId?: string) => {
      if (def.role !== 'cdf' || cdfMode !== 'hist') return p;
      const h = cdfId === undefined ? -1 : histogramIndex(view.series, cdfId);
      return h >= 0 ? histogramSteps(view.buffers[h]?.view() ?? EMPTY) : cdfToHistogram(p);
    };
    const many = metas.length > 1;
    for (const pin of overlay) {
      const label = pin.label(lang);
      for (const s of pin.series) {
        out.push({ key: `${pin.id}:${s.meta.id}`, label: pin.series.length > 1 ? `${label} · ${seriesLabel(lang, s.meta)}` : label, points: transform(s.points), ...seriesStyle(out.length) });
        from.push(pin.summary);
      }
    }
    // The current run, unless a pin already holds exactly this scenario's result, or a figure
    // member of the same unchanged preset stands for it (article 002 runs the 900P-like drive
    // through 6 GiB, its preset through 32 GB: both lines would only stretch the x axis).
    const done = view.scenarioJson !== null && view.status === 'done';
    const duplicate = done && !mismatch && overlay.some((p) => sameScenario(p.scenarioJson, view.scenarioJson!) || (runPreset !== null && p.preset === runPreset));
    if (!duplicate && (!mismatch || showOdd)) {
      for (const i of def.series) {
        const meta = view.series[i];
        if (!meta) continue;
        const name = seriesLabel(lang, meta);
        const current = mismatch ? `${t('compareLink.currentOdd')} · ${name}` : t('compare.current');
        const label = comparing ? (many && !mismatch ? `${current} · ${name}` : current) : name;
        out.push({ key: meta.id, label, points: transform(view.buffers[i]?.view() ?? EMPTY, meta.id), ...seriesStyle(out.length), ...(mismatch ? { color: '#6B7280', dash: '4 4' } : {}), curve: def.role === 'cdf' && cdfMode === 'hist' ? 'step' : 'linear' });
        from.push(done ? view.summary : null);
      }
    }
    return [out, from];
    // view.frame changes whenever new points arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the buffers mutate in place; view.frame and overlay.length stand for them
  }, [view.frame, view.series, view.status, view.scenarioJson, def, overlay.length, pins, runPreset, lang, cdfMode, comparing, t, mismatch, showOdd]);

  if (!first) return null;

  const geometric = isGeometric(series.find((s) => s.points.length)?.points ?? EMPTY);
  const xLog = def.role === 'cdf' ? (logX ?? true) : (logX ?? geometric);
  const canLogX = def.role === 'cdf' || geometric;
  // Rates over time or data written span decades where a cache runs out (article 001's
  // 1,200 MB/s before the cliff, 20-70 MB/s after): a log y shows both parts' patterns.
  const canLogY = def.role === 'latency_trace' || (def.mark === 'line' && (def.role === 'headline' || def.role === 'time'));
  const pct = def.role === 'latency_trace' && showPct && view.status === 'done' ? percentiles(view.summary, first.y.unit) : [];
  const refLines: RefLine[] = mergeRefLines(
    pct.map((p) => ({
      key: `${p.op}-${p.name}`,
      label: `${t(p.op === 'read' ? 'op.read' : 'op.write')} ${p.name}`,
      value: p.value,
      color: PCT_COLORS[p.name],
    })),
    (v) => withUnit(lang, v.toLocaleString(locale, { maximumSignificantDigits: 4 }), first.y.unit),
  );

  const key = titleKey(def, first);
  const xName = axisName(lang, first.x);
  const yName = def.role === 'cdf' && cdfMode === 'hist' ? t('axis.share_of_ops') : axisName(lang, first.y);
  const title = key ? t(key) : t('chart.generic', { y: yName, x: xName });
  const legend: LegendEntry[] = series.map((s) => ({
    key: s.key,
    label: s.label,
    color: s.color,
    dash: s.dash,
    onRemove: onRemovePin && s.key.includes(':') ? () => onRemovePin(s.key.slice(0, s.key.indexOf(':'))) : undefined,
  }));
  const count = series.reduce((n, s) => n + (s.points.length >> 1), 0);
  // A rate over time reads as its mean: say it next to the point count.
  const means =
    first.role === 'throughput' && first.x.id === 'time' && !comparing && view.status === 'done'
      ? series.map((s) => ({ label: s.label, mean: meanY(s.points) })).filter((m): m is { label: string; mean: number } => m.mean !== null && m.mean > 0)
      : [];
  const notes = unitsOnChart([first.x.unit, first.y.unit]).map((u) => t(`units.${u}` as MessageKey));
  const timeHint = first.x.id === 'time' && runtimeS > 0 ? runtimeS * (first.x.unit === 'ms' ? 1e3 : 1) : 0;

  const tools = (
    <>
      {canLogX && def.role !== 'latency_trace' && <Switch label={t('chart.logX')} checked={xLog} onChange={setLogX} testId={`${def.id}-logx`} />}
      {canLogY && <Switch label={t('chart.logY')} checked={logY} onChange={setLogY} testId={`${def.id}-logy`} />}
      {def.role === 'latency_trace' && <Switch label={t('chart.percentiles')} checked={showPct} onChange={setShowPct} testId={`${def.id}-pct`} />}
      {def.role === 'cdf' && (
        <Segmented<'cdf' | 'hist'>
          label={t('chart.latencyView')}
          value={cdfMode}
          onChange={setCdfMode}
          options={[
            { value: 'cdf', label: t('chart.cdf') },
            { value: 'hist', label: t('chart.histogram') },
          ]}
          testId="latency-mode"
        />
      )}
      {actions}
    </>
  );

  return (
    <ChartCard
      id={def.id}
      title={title}
      caption={<RichText text={captionText(lang, captionId(def, first.id, def.role === 'cdf' ? cdfMode : 'cdf'), { x: xName, y: yName })} />}
      subtitle={
        <>
          {t('chart.points', { n: count.toLocaleString(locale) })}
          {live ? ` · ${t('chart.streaming')}` : ''}
          {comparing ? ` · ${t('compare.overlaid', { n: overlay.length })}` : ''}
          {means.map((m) => (
            <span key={m.label} className="chart-mean">
              {' · '}
              {t('chart.mean', { label: m.label, value: formatValue(Number(m.mean.toPrecision(4)), locale), unit: unitText(lang, first.y.unit) })}
            </span>
          ))}
        </>
      }
      legend={legend.length > 1 || comparing ? legend : []}
      tools={tools}
      note={notes.length ? notes.join(' · ') : undefined}
      live={live}
      filename={`${filenameBase}-${def.id}`}
      exporter={exporter}
      exportable={exportable}
      className={def.id === 'headline' ? 'chart-headline' : undefined}
    >
      <Chart
        series={series}
        x={{ name: xName, unit: first.x.unit, categories: first.x.categories.length ? first.x.categories : undefined, scale: xLog && !first.x.categories.length ? 'log' : 'linear' }}
        y={{ name: yName, unit: def.role === 'cdf' && cdfMode === 'hist' ? 'percent' : first.y.unit, scale: logY && canLogY ? 'log' : 'linear' }}
        mark={def.mark}
        refLines={refLines}
        xMaxHint={timeHint}
        height={height ?? (def.id === 'headline' ? 360 : 260)}
        emptyText={live ? t('chart.waiting') : t('chart.empty')}
        ariaLabel={title}
        title={title}
        locale={locale}
        lang={lang}
        exporter={exporter}
        breakGaps={first.x.id === 'time' && def.mark === 'line'}
        overlay={highlight}
      />
      {mismatch && (
        <CompareNote mismatch={mismatch} runKind={pinWorkloadKind(view.scenarioJson)} pinKind={pinWorkloadKind(overlay[0].scenarioJson)} runSeries={metas} pinSeries={pinLabelIds(overlay)} shown={showOdd} onToggle={() => setShowOdd((v) => !v)} />
      )}
      {def.role === 'latency_trace' && comparing && <LatencyCompareTable rows={series.map((s, k) => ({ key: s.key, label: s.label, color: s.color, summary: sources[k] }))} />}
    </ChartCard>
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

/** Scenario JSON texts can differ in formatting only; compare them as data. */
function sameScenario(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return false;
  }
}
