// The one chart component every chart uses, driven by its series and axes: D3 computes
// scales, ticks and path strings; React renders the SVG; dense point clouds (a latency trace of
// thousands of operations) go to a canvas under the SVG axes. Hover or arrow keys show a tooltip
// with exact values and units.
import { useLayoutEffect, useMemo, useRef, type MutableRefObject, type ReactNode } from 'react';
import type { Mark } from '../run/chartSpecs';
import { plotFrame, type PlotFrame } from './plotFrame';
import { UNMEASURED, useElementWidth } from './useElementWidth';
import { exportSvg, plainSeries, seriesCsv, type ChartExporter } from './exportChart';
import { RefLineLabels, RefLineMarks } from './RefLines';
import type { AxisSpec, PlotSeries, RefLine } from './chartTypes';
import { FONT, MARGINS } from './chartStyle';
import { GridLines, XAxis, YAxis, spreadTicks } from './ChartAxes';
import { BarMarks, HoverMarks, LineMarks } from './ChartMarks';
import { ChartTooltip, type ChartFormat } from './ChartTooltip';
import { drawDots } from './drawDots';
import { lineShapes } from './lineShapes';
import { useChartHover } from './useChartHover';
import { PlotHitArea } from './PlotHitArea';

export type { AxisSpec, PlotSeries, RefLine } from './chartTypes';

export type { ChartFormat } from './ChartTooltip';

/** A story's highlight labels its marks in up to three rows along the plot's top (HighlightLayer.tsx): upright reference labels start below them. */
const OVERLAY_LABEL_ROWS_PX = 52;

/** The chart's words: shown when empty, read by screen readers, put in an exported SVG. */
export interface ChartLabels {
  emptyText: string;
  ariaLabel: string;
  /** The exported SVG's title; the aria label when absent. */
  title?: string;
}

interface Props {
  series: PlotSeries[];
  x: AxisSpec;
  y: AxisSpec;
  mark: Mark;
  refLines?: RefLine[];
  xMaxHint?: number;
  height?: number;
  labels: ChartLabels;
  format: ChartFormat;
  /** Filled with functions that export what is drawn (SVG, CSV). */
  exporter?: MutableRefObject<ChartExporter | null>;
  /** Lines break where a point is missing (a series over time without a value for a while). */
  breakGaps?: boolean;
  /** Drawn in the plot's frame: a story's highlighted knee, cliff or band behind the data
   * ('under'), their labels above it ('over'); given the lines, so a mark can follow them. */
  overlay?: (frame: PlotFrame, layer?: 'under' | 'over', series?: readonly PlotSeries[]) => ReactNode;
  /** A drive-state cursor: drawn as a vertical line at x (null: none yet); told every x the reader points at. */
  cursor?: ChartCursor;
  /** A click, or Enter on the focused plot, picks the point at x (within `tolerance` in x units: a few pixels). */
  onPick?(x: number, tolerance: number): void;
}

export interface ChartCursor {
  x: number | null;
  onMove(x: number): void;
}

export function Chart({ series, x, y, mark, refLines = [], xMaxHint, height: tallest = 320, labels, format, exporter, breakGaps = false, overlay, cursor, onPick }: Props) {
  const { ref, width, measured } = useElementWidth<HTMLDivElement>();
  // A phone-wide chart gets shorter with its width, so the knobs below it stay near.
  const height = width > 0 && width < 560 ? Math.min(tallest, Math.max(210, Math.round(width * 0.66))) : tallest;
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const overlayRef = useRef<SVGSVGElement | null>(null);
  const categories = useMemo(() => x.categories ?? [], [x.categories]);

  const frame = usePlotFrame(series, { width, height, x, y, categories, xMaxHint, refLines });

  const count = series.reduce((n, s) => n + (s.points.length >> 1), 0);
  const shapes = useMemo(() => (mark === 'line' ? lineShapes(series, frame, breakGaps) : []), [series, frame, mark, breakGaps]);

  useLayoutEffect(() => {
    if (canvasRef.current && mark === 'dots') drawDots(canvasRef.current, series, frame);
  }, [series, frame, mark]);

  const xTicks = useMemo(() => (categories.length ? frame.xTicks : spreadTicks(frame.xTicks, frame.x, 34)), [frame, categories.length]);

  // The card's export menu reads the latest drawing through this ref, only when clicked: an
  // imperative handle, written during render on purpose.
  // eslint-disable-next-line react-hooks/refs -- see above
  if (exporter) {
    // eslint-disable-next-line react-hooks/immutability -- see above
    exporter.current = {
      csv: () => seriesCsv(series, x, y, format.lang),
      data: () => plainSeries(series),
      svg: () => exportSvg({ svg: svgRef.current, overlay: overlayRef.current, width, height, title: labels.title ?? labels.ariaLabel, series, frame, margins: MARGINS, dots: mark === 'dots' }),
    };
  }

  const chartHover = useChartHover(series, frame, categories.length > 0, cursor?.onMove);
  const { hover, readouts } = chartHover;
  const cross = readouts?.[0] ? frame.x(readouts[0].vx) : null;
  const plotBox = { left: MARGINS.left, top: MARGINS.top, width: frame.innerWidth, height: frame.innerHeight };

  return (
    <div className="plot" ref={ref} style={measured ? undefined : UNMEASURED}>
      <svg ref={svgRef} width={width} height={height} role="img" aria-label={labels.ariaLabel} fontFamily={FONT} data-points={count}>
        <g transform={`translate(${MARGINS.left},${MARGINS.top})`}>
          <GridLines frame={frame} />
          {overlay?.(frame, 'under', series)}
          <YAxis frame={frame} axis={y} lang={format.lang} />
          <XAxis frame={frame} axis={x} lang={format.lang} ticks={xTicks} categories={categories} />
          <RefLineMarks lines={refLines} frame={frame} />
          {mark === 'bars' && <BarMarks series={series} frame={frame} />}
          <LineMarks shapes={shapes} series={series} />
          {mark !== 'dots' && <RefLineLabels lines={refLines} frame={frame} top={overlay ? OVERLAY_LABEL_ROWS_PX : 0} />}
          {mark !== 'dots' && overlay?.(frame, 'over', series)}
          {count === 0 && (
            <text className="chart-empty" x={frame.innerWidth / 2} y={frame.innerHeight / 2} textAnchor="middle" fontSize={13} fill="#7a869c">
              {labels.emptyText}
            </text>
          )}
          {/* Like the crosshair (chart-hover), the cursor is where the reader is, not data: exports leave it out. */}
          {cursor && cursor.x !== null && count > 0 && <line className="chart-cursor-line chart-hover" stroke="#172033" strokeWidth={1.5} strokeDasharray="3 3" pointerEvents="none" data-testid="chart-cursor" data-x={cursor.x} x1={frame.x(cursor.x)} x2={frame.x(cursor.x)} y1={0} y2={frame.innerHeight} />}
          {cross !== null && <HoverMarks frame={frame} cross={cross} readouts={readouts ?? []} categorical={categories.length > 0} />}
        </g>
      </svg>
      {mark === 'dots' && <canvas ref={canvasRef} className="plot-canvas" data-testid="plot-canvas" style={plotBox} />}
      {/* Over a canvas point cloud the labels need their own layer to stay on top of the dots. */}
      {mark === 'dots' && (refLines.length > 0 || overlay) && (
        <svg ref={overlayRef} className="plot-overlay" width={width} height={height} fontFamily={FONT} aria-hidden="true">
          <g transform={`translate(${MARGINS.left},${MARGINS.top})`}>
            <RefLineLabels lines={refLines} frame={frame} top={overlay ? OVERLAY_LABEL_ROWS_PX : 0} />
            {overlay?.(frame, 'over', series)}
          </g>
        </svg>
      )}
      <PlotHitArea style={plotBox} ariaLabel={labels.ariaLabel} focusable={count > 0} hover={chartHover} onPick={onPick && count > 0 ? (px, exact) => pick(frame, px, exact, onPick, cursor) : undefined} />
      {hover && readouts && readouts.length > 0 && <ChartTooltip hover={hover} readouts={readouts} x={x} y={y} categories={categories} frame={frame} format={format} />}
    </div>
  );
}

/** A pick at pixel x: the x value there, a tolerance of 4 px either side for a pointer (none for the keys), and the cursor moved to it. */
function pick(frame: PlotFrame, px: number, exact: boolean, onPick: (x: number, tolerance: number) => void, cursor: ChartCursor | undefined): void {
  const x = frame.xInvert(px);
  cursor?.onMove(x);
  onPick(x, exact ? 0 : Math.abs(frame.xInvert(px + 4) - x));
}

interface FrameInputs {
  width: number;
  height: number;
  x: AxisSpec;
  y: AxisSpec;
  categories: readonly string[];
  xMaxHint?: number;
  refLines: readonly RefLine[];
}

/** Scales and ticks for the series at this size; reference lines widen the y range to show. */
function usePlotFrame(series: readonly PlotSeries[], { width, height, x, y, categories, xMaxHint, refLines }: FrameInputs): PlotFrame {
  const xScale = x.scale;
  const yScale = y.scale;
  return useMemo(
    () =>
      plotFrame({
        series: series.map((s) => s.points),
        width,
        height,
        margins: MARGINS,
        xScale,
        yScale,
        categories,
        xMaxHint,
        extraY: refLines.filter((r) => !r.vertical).map((r) => r.value),
      }),
    // Series identity changes when new points arrive (at most once per animation frame).
    [series, width, height, xScale, yScale, categories, xMaxHint, refLines],
  );
}
