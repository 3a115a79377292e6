// A chart card's side of latency causes: on a latency trace, the causes stacked under the points,
// their key, and the breakdown of the point the reader picks; on a trace or a latency CDF, the
// "where the time goes" bars. Everything from the run's own causes, or a figure member's.
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import type { RunView } from '../../session/runView';
import type { SeriesMeta } from '../../engine/types';
import type { ChartDef } from '../../run/chartSpecs';
import type { PlotSeries } from '../chartTypes';
import type { PlotFrame } from '../plotFrame';
import { CauseBands } from './CauseBands';
import '../drive-state/drive-state.css';
import './causes.css';
import { CauseStack } from './CauseStack';
import { causeIndices, pickIndex, pointBreakdown, stackLayers, type CauseSource } from './causeStack';
import { US_PER_UNIT } from '../../run/causeText';
import { CauseLegend, WhySlow } from './WhySlow';

type Overlay = (frame: PlotFrame, layer?: 'under' | 'over', series?: readonly PlotSeries[]) => ReactNode;

export interface TraceCauses {
  /** The chart's overlay with the stack drawn under the story's highlight (if any). */
  overlay: Overlay | undefined;
  onPick: ((x: number, tolerance: number) => void) | undefined;
  /** Under the plot: the key, the picked point's breakdown, the bands. */
  panel: ReactNode;
}

/** The causes a finished run carries: its latency_cause series and its document. */
export function causeSourceOf(view: RunView): CauseSource | null {
  if (view.status !== 'done') return null;
  const series = causeIndices(view.series).map((i) => ({ meta: view.series[i], points: view.buffers[i]?.view() ?? new Float64Array(0) }));
  return series.length || view.latencyCauses ? { series, doc: view.latencyCauses ?? null } : null;
}

interface Inputs {
  def: ChartDef;
  view: RunView;
  first: SeriesMeta | undefined;
  /** Another run's causes (a figure member the reader chose); the view's own when absent. */
  source?: CauseSource | null;
  highlight?: Overlay;
  /** True when a drive-state panel follows the chart's cursor. */
  drive: boolean;
  /** False: no "where the time goes" bars on this card (another card of the run draws them). */
  bands?: boolean;
}

export function useTraceCauses({ def, view, first, source: given, highlight, drive, bands: withBands = true }: Inputs): TraceCauses {
  const trace = def.role === 'latency_trace';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the buffers mutate in place; view.frame stands for them
  const own = useMemo(() => causeSourceOf(view), [view.frame, view.status, view.series, view.latencyCauses]);
  const source = given === undefined ? own : given;
  const layers = useMemo(() => (trace ? stackLayers(source) : []), [trace, source]);
  // The causes come a render after the chart: a step opened cold draws its points first.
  const ready = useDeferredValue(true, false);
  const [picked, setPicked] = useState<{ of: typeof layers; index: number } | null>(null);
  const index = picked && picked.of === layers ? picked.index : null;
  const usPer = US_PER_UNIT[first?.y.unit ?? 'ms'] ?? 1e3;
  const breakdown = index === null ? null : pointBreakdown(layers, index);

  const overlay: Overlay | undefined =
    layers.length === 0 || !ready
      ? highlight
      : (frame, layer, series) => (
          <>
            {layer === 'under' && <CauseStack layers={layers} frame={frame} picked={index} />}
            {highlight?.(frame, layer, series)}
          </>
        );
  const onPick = layers.length ? (x: number, tolerance: number) => setPicked({ of: layers, index: pickIndex(layers, x, tolerance) }) : undefined;
  const doc = source?.doc ?? null;
  const bands = withBands && (trace || def.role === 'cdf') && doc;
  const panel =
    ready && (layers.length || bands) ? (
      <div className="cause-panel">
        {layers.length > 0 && <CauseLegend ids={layers.map((l) => l.id)} colors={layers.map((l) => l.color)} />}
        {breakdown && <WhySlow breakdown={breakdown} usPer={usPer} drive={drive} onClose={() => setPicked(null)} />}
        {bands && <CauseBands doc={doc} />}
      </div>
    ) : null;
  return { overlay, onPick, panel };
}
