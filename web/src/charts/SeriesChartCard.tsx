// One chart of a run, from its definition: picks the series, labels and styles them, adds the
// chart's own controls (log scale, CDF / histogram, percentile lines) and, on the headline
// chart, overlays the pinned results for comparison.
import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { RunView } from '../session/runView';
import type { Pin } from '../session/pins';
import { pinLabelIds, pinWorkloadKind, runMismatch } from '../run/comparability';
import { CompareNote } from './CompareNote';
import type { SeriesMeta } from '../engine/types';
import { useI18n, type MessageKey } from '../i18n';
import { axisName } from '../i18n/engineText';
import { unitText } from '../i18n/units';
import { Chart, type PlotSeries, type RefLine } from './Chart';
import type { PlotFrame } from './plotFrame';
import { ChartCard, type LegendEntry } from './ChartCard';
import { defaultLogY, isGeometric, sameAxes, type ChartDef } from '../run/chartSpecs';
import { chartLines, EMPTY, type CdfMode } from './chartLines';
import { useDriveSlots } from './EngineFacts';
import type { ChartExporter } from './exportChart';
import { formatValue, unitsOnChart } from '../run/format';
import { meanY } from './scales';
import { LatencyCompareTable } from './LatencyCompareTable';
import { percentileLines } from './percentileLines';
import { SeriesChartTools, type ChartChoices } from './SeriesChartTools';
import { captionId, captionText } from './captions';
import { RichText } from '../glossary/RichText';
import { ArticleTable } from './ArticleTable';
import { useArticleOnChart } from './useArticleOnChart';
import { useMeasuredOnChart } from './useMeasuredOnChart';
import { chartCursor, namedAxis } from './drive-state/chartCursor';
import type { DriveCursor } from './drive-state/useDriveCursor';
import type { CauseSource } from './causes/causeStack';
import { useTraceCauses } from './causes/useTraceCauses';
import { qosRefLines } from '../run/qosLines';

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
  /** Drawn in the plot's frame (a story step's highlight): marks behind the lines, labels over them. */
  highlight?: (frame: PlotFrame, layer?: 'under' | 'over', series?: readonly PlotSeries[]) => ReactNode;
  /** The drive-state cursor this chart shows and moves (a card owning a DriveStatePanel). */
  drive?: DriveCursor | null;
  /** Latency causes to stack under a trace (a figure member's); the run's own when absent. */
  causes?: CauseSource | null;
  /** False: a trace leaves "where the time goes" to the run's latency CDF card, drawn beside it. */
  causeBands?: boolean;
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

export function SeriesChartCard({ def, view, pins = [], runPreset = null, onRemovePin, runtimeS = 0, filenameBase, height, actions, exportable = true, highlight, drive, causes: causeSource, causeBands = true }: Props) {
  const { t, lang, locale } = useI18n();
  const exporter = useRef<ChartExporter | null>(null);
  const metas = def.series.map((i) => view.series[i]).filter(Boolean);
  const first = metas[0];
  const { logXChoice, setLogX, logYChoice, setLogY, cdfMode, setCdfMode, showPct, setShowPct } = useChartChoices();
  const overlay = compatiblePins(pins, first);
  const comparing = overlay.length > 0;
  const live = view.status === 'running';
  // A run measuring something else than the pins (reads over a write figure) is left off unless asked for, then drawn marked.
  const mismatch = comparing ? runMismatch(overlay, metas, view.scenario) : null;
  const [showOdd, setShowOdd] = useState(false);
  const slots = useDriveSlots();
  // Each line with the summary of the run it came from (the table under a compared trace).
  const { series, sources } = useMemo(
    () => chartLines({ def, view, overlay, runPreset, slots, lang, t, cdfMode, mismatch, showOdd }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the buffers mutate in place; view.frame (new points) and overlay.length stand for them
    [view.frame, view.series, view.status, view.scenario, def, overlay.length, pins, runPreset, slots, lang, cdfMode, comparing, t, mismatch, showOdd],
  );
  const [article, measured] = [useArticleOnChart(overlay, series, metas), useMeasuredOnChart(view, metas, def.mark)]; // an article figure's numbers (marks, a table); a loaded fio result's (marks, its bw log)
  const causes = useTraceCauses({ def, view, first, source: causeSource, highlight, drive: !!drive, bands: causeBands });

  if (!first) return null;

  const geometric = isGeometric(series.find((s) => s.points.length)?.points ?? EMPTY);
  const logX = def.role === 'cdf' ? (logXChoice ?? true) : (logXChoice ?? geometric);
  const canLogX = def.role === 'cdf' || geometric;
  // A log y shows both sides of a cache running out (article 001: 1,200 vs 20-70 MB/s).
  const canLogY = def.role === 'latency_trace' || (def.mark === 'line' && (def.role === 'headline' || def.role === 'time'));
  const logY = logYChoice ?? defaultLogY(overlay.find((p) => p.figure)?.figure, canLogY);
  const histogram = def.role === 'cdf' && cdfMode === 'hist';
  const refLines: RefLine[] = [...(def.role === 'latency_trace' && showPct ? percentileLines(view, first, { t, lang, locale }) : []), ...(def.role === 'cdf' && !histogram ? qosRefLines(view, first, { t, lang, locale }) : []), ...(article?.marks ?? []), ...measured.marks];

  const key = titleKey(def, first);
  const xName = axisName(lang, first.x);
  const yName = histogram ? t('axis.share_of_ops') : axisName(lang, first.y);
  const title = key ? t(key) : t('chart.generic', { y: yName, x: xName });
  const legend = legendEntries(series, onRemovePin);
  const notes = unitsOnChart([first.x.unit, first.y.unit]).map((u) => t(`units.${u}` as MessageKey));
  const timeHint = first.x.id === 'time' && runtimeS > 0 ? runtimeS * (first.x.unit === 'ms' ? 1e3 : 1) : 0;
  const choices: ChartChoices = { logX, setLogX, logY, setLogY, showPct, setShowPct, cdfMode, setCdfMode };

  return (
    <ChartCard
      id={def.id}
      title={title}
      caption={<RichText text={captionText(lang, captionId(def, first.id, def.role === 'cdf' ? cdfMode : 'cdf'), { x: xName, y: yName })} />}
      subtitle={<ChartSubtitle series={series} first={first} live={live} overlaid={overlay.length} done={view.status === 'done'} />}
      legend={legend.length > 1 || comparing ? legend : []}
      tools={<SeriesChartTools def={def} choices={choices} canLogX={canLogX} canLogY={canLogY} actions={actions} />}
      note={notes.length ? notes.join(' · ') : undefined}
      live={live}
      filename={`${filenameBase}-${def.id}`}
      exporter={exporter}
      exportable={exportable}
      className={def.id === 'headline' ? 'chart-headline' : undefined}
    >
      <Chart
        series={measured.series.length ? [...series, ...measured.series] : series}
        x={{ name: xName, unit: first.x.unit, categories: first.x.categories.length ? first.x.categories : undefined, scale: logX && !first.x.categories.length ? 'log' : 'linear' }}
        y={{ name: yName, unit: histogram ? 'percent' : first.y.unit, scale: logY && canLogY ? 'log' : 'linear' }}
        mark={def.mark}
        refLines={refLines}
        xMaxHint={timeHint}
        height={height ?? (def.id === 'headline' ? 360 : 260)}
        labels={{ emptyText: live ? t('chart.waiting') : t('chart.empty'), ariaLabel: title, title }}
        format={{ locale, lang }}
        exporter={exporter}
        breakGaps={first.x.id === 'time' && def.mark === 'line'}
        overlay={causes.overlay} cursor={chartCursor(drive, namedAxis(first.x, metas.map((m) => m.id), xName, logX))} onPick={causes.onPick}
      />
      {causes.panel}
      {mismatch && (
        <CompareNote mismatch={mismatch} runKind={pinWorkloadKind(view.scenario)} pinKind={pinWorkloadKind(overlay[0].scenario)} runSeries={metas} pinSeries={pinLabelIds(overlay)} shown={showOdd} onToggle={() => setShowOdd((v) => !v)} />
      )}
      {article && <ArticleTable on={article.on} format={article.format} colorOf={article.colorOf} />}
      {def.role === 'latency_trace' && comparing && <LatencyCompareTable rows={series.map((s, k) => ({ key: s.key, label: s.label, color: s.color, summary: sources[k] }))} />}
    </ChartCard>
  );
}

/** The reader's choices for one chart; x's log scale follows the data until chosen. */
function useChartChoices() {
  // null: the chart's default (log for a ratio figure), until the reader chooses.
  const [logYChoice, setLogY] = useState<boolean | null>(null);
  const [logXChoice, setLogX] = useState<boolean | null>(null);
  const [cdfMode, setCdfMode] = useState<CdfMode>('cdf');
  const [showPct, setShowPct] = useState(true);
  return { logXChoice, setLogX, logYChoice, setLogY, cdfMode, setCdfMode, showPct, setShowPct };
}

/** One legend entry a line; a pin's can remove the pin. */
function legendEntries(series: readonly PlotSeries[], onRemovePin?: (id: string) => void): LegendEntry[] {
  return series.map((s) => ({
    key: s.key,
    label: s.label,
    color: s.color,
    dash: s.dash,
    onRemove: onRemovePin && s.key.includes(':') ? () => onRemovePin(s.key.slice(0, s.key.indexOf(':'))) : undefined,
  }));
}

interface SubtitleProps {
  series: readonly PlotSeries[];
  first: SeriesMeta;
  live: boolean;
  /** Pins drawn on the chart. */
  overlaid: number;
  done: boolean;
}

/** Points drawn, streaming, pins overlaid, and a rate's mean over the run. */
function ChartSubtitle({ series, first, live, overlaid, done }: SubtitleProps) {
  const { t, lang, locale } = useI18n();
  const count = series.reduce((n, s) => n + (s.points.length >> 1), 0);
  // A rate over time reads as its mean: say it next to the point count.
  const means =
    first.role === 'throughput' && first.x.id === 'time' && overlaid === 0 && done
      ? series.map((s) => ({ label: s.label, mean: meanY(s.points) })).filter((m): m is { label: string; mean: number } => m.mean !== null && m.mean > 0)
      : [];
  return (
    <>
      {t('chart.points', { n: count.toLocaleString(locale) })}
      {live ? ` · ${t('chart.streaming')}` : ''}
      {overlaid > 0 ? ` · ${t('compare.overlaid', { n: overlaid })}` : ''}
      {means.map((m) => (
        <span key={m.label} className="chart-mean">
          {' · '}
          {t('chart.mean', { label: m.label, value: formatValue(Number(m.mean.toPrecision(4)), locale), unit: unitText(lang, first.y.unit) })}
        </span>
      ))}
    </>
  );
}
