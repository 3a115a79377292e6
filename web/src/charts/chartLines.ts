// The lines one chart draws: the pinned results first, then the current run (unless a pin
// already stands for it), each with the summary of the run it came from.
import type { Mismatch } from '../run/comparability';
import type { Pin } from '../session/pins';
import type { RunView } from '../session/runView';
import { sameJson } from '../scenario/paths';
import type { I18n, Lang } from '../i18n';
import { seriesLabel } from '../i18n/engineText';
import type { ChartDef } from '../run/chartSpecs';
import type { PlotSeries } from './chartTypes';
import { cdfToHistogram, histogramIndex, histogramSteps } from '../run/latency';
import type { LatencyRow } from './LatencyCompareTable';
import { seriesStyle } from './palette';
import { driveColor, freeColor, TWIN_DASHES, twinsOf, type DriveSlots } from './lineIdentity';

export const EMPTY = new Float64Array(0);

export type CdfMode = 'cdf' | 'hist';

export interface LineInputs {
  def: ChartDef;
  view: RunView;
  /** Pins drawn on this chart (compatiblePins). */
  overlay: readonly Pin[];
  runPreset: string | null;
  /** Each drive preset's palette slot (the preset files' `identity`). */
  slots: DriveSlots;
  lang: Lang;
  t: I18n['t'];
  cdfMode: CdfMode;
  mismatch: Mismatch | null;
  /** The reader asked to see a run that measures something else than the pins. */
  showOdd: boolean;
}

export interface ChartLines {
  series: PlotSeries[];
  /** Indexed like `series`: the summary each line's run ended with. */
  sources: LatencyRow['summary'][];
}

export function chartLines(input: LineInputs): ChartLines {
  const lines: ChartLines = { series: [], sources: [] };
  // The drive preset each line is, when it is one drive's single line (for its colour).
  const drives: (string | undefined)[] = [];
  pinLines(input, lines, drives);
  // The current run, unless a pin already holds exactly this scenario's result, or a figure
  // member of the same unchanged preset stands for it (article 002 runs the 900P-like drive
  // through 6 GiB, its preset through 32 GB: both lines would only stretch the x axis).
  const { view, mismatch, overlay, runPreset, showOdd } = input;
  const done = view.scenarioJson !== null && view.status === 'done';
  const duplicate = done && !mismatch && overlay.some((p) => (p.scenarioJson === view.scenarioJson || (view.scenario !== null && sameJson(p.scenario, view.scenario))) || (runPreset !== null && p.preset === runPreset));
  if (!duplicate && (!mismatch || showOdd)) runLines(input, done, lines, drives);
  return identify(lines, drives, input.slots, input.t);
}

/**
 * Colours by drive (the preset a line is), the rest from what is left; and a line lying on an
 * earlier one gets a dash and "same as …" in the legend, so neither hides the other.
 */
function identify(lines: ChartLines, drives: (string | undefined)[], slots: DriveSlots, t: I18n['t']): ChartLines {
  const own = lines.series.map((s, i) => (s.dash === '4 4' ? undefined : driveColor(slots, drives[i])));
  const taken = own.filter((c): c is string => !!c);
  const series = lines.series.map((s, i) => {
    const color = own[i] ?? (drives[i] === undefined && s.dash !== '4 4' ? freeColor(taken, s.color) : s.color);
    if (!own[i]) taken.push(color);
    return { ...s, color };
  });
  const twins = twinsOf(series.map((s) => s.points));
  let n = 0;
  const out = series.map((s, i) => (twins[i] < 0 ? s : { ...s, dash: TWIN_DASHES[n++ % TWIN_DASHES.length], label: t('chart.sameAs', { label: s.label, other: series[twins[i]].label }) }));
  return { series: out, sources: lines.sources };
}

/**
 * The histogram view draws the engine's own log-binned histogram when the run has one; older
 * engines (and pins made with them) fall back to binning the CDF's quantiles.
 */
function transform({ def, cdfMode, view }: LineInputs, p: Float64Array, cdfId?: string): Float64Array {
  if (def.role !== 'cdf' || cdfMode !== 'hist') return p;
  const h = cdfId === undefined ? -1 : histogramIndex(view.series, cdfId);
  return h >= 0 ? histogramSteps(view.buffers[h]?.view() ?? EMPTY) : cdfToHistogram(p);
}

function pinLines(input: LineInputs, { series, sources }: ChartLines, drives: (string | undefined)[]): void {
  for (const pin of input.overlay) {
    const label = pin.label(input.lang);
    for (const s of pin.series) {
      const name = pin.series.length > 1 ? `${label} · ${seriesLabel(input.lang, s.meta)}` : label;
      series.push({ key: `${pin.id}:${s.meta.id}`, label: name, points: transform(input, s.points), ...seriesStyle(series.length) });
      sources.push(pin.summary);
      drives.push(pin.series.length === 1 && pin.figure ? pin.preset : undefined);
    }
  }
}

function runLines(input: LineInputs, done: boolean, { series, sources }: ChartLines, drives: (string | undefined)[]): void {
  const { def, view, lang, t, mismatch, cdfMode } = input;
  const comparing = input.overlay.length > 0;
  const many = def.series.filter((i) => view.series[i]).length > 1;
  for (const i of def.series) {
    const meta = view.series[i];
    if (!meta) continue;
    const name = seriesLabel(lang, meta);
    const current = mismatch ? `${t('compareLink.currentOdd')} · ${name}` : t('compare.current');
    const label = comparing ? (many && !mismatch ? `${current} · ${name}` : current) : name;
    // A run left off the comparison but shown on request is drawn grey and dashed.
    const odd = mismatch ? { color: '#6B7280', dash: '4 4' } : {};
    series.push({ key: meta.id, label, points: transform(input, view.buffers[i]?.view() ?? EMPTY, meta.id), ...seriesStyle(series.length), ...odd, curve: def.role === 'cdf' && cdfMode === 'hist' ? 'step' : 'linear' });
    sources.push(done ? view.summary : null);
    drives.push(many ? undefined : (input.runPreset ?? undefined));
  }
}

