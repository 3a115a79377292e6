// The one chart component every chart uses, driven by its series and axes: D3 computes
// scales, ticks and path strings; React renders the SVG; dense point clouds (a latency trace of
// thousands of operations) go to a canvas under the SVG axes. Hover or arrow keys show a tooltip
// with exact values and units.
import { line as d3line, curveStepAfter, curveLinear } from 'd3';
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MutableRefObject, type PointerEvent, type ReactNode } from 'react';
import type { Mark } from './chartSpecs';
import type { Lang } from '../i18n';
import { unitText, withUnit } from '../i18n/units';
import { formatValue } from './format';
import { markerIsStroke, markerPath } from './palette';
import { nearestIndex, plotFrame, type PlotFrame } from './plotFrame';
import { axisTitle, decimateForWidth, formatTick, lineOrder, type Margins } from './scales';
import { UNMEASURED, useElementWidth } from './useElementWidth';
import { exportSvg, plainSeries, seriesCsv, type ChartExporter } from './exportChart';
import { RefLineLabels, RefLineMarks } from './RefLines';
import type { AxisSpec, PlotSeries, RefLine } from './chartTypes';

export type { AxisSpec, PlotSeries, RefLine } from './chartTypes';

interface Props {
  series: PlotSeries[];
  x: AxisSpec;
  y: AxisSpec;
  mark: Mark;
  refLines?: RefLine[];
  xMaxHint?: number;
  height?: number;
  emptyText: string;
  ariaLabel: string;
  locale: string;
  lang: Lang;
  /** Filled with functions that export what is drawn (SVG, CSV). */
  exporter?: MutableRefObject<ChartExporter | null>;
  title?: string;
  /** Lines break where a point is missing (a series over time without a value for a while). */
  breakGaps?: boolean;
  /** Drawn in the plot's frame behind the data: a story's highlighted knee, cliff or band. */
  overlay?: (frame: PlotFrame) => ReactNode;
}

export const FONT = "Inter, 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, 'Hiragino Sans', 'Noto Sans JP', sans-serif";
const MARGINS: Margins = { top: 14, right: 24, bottom: 50, left: 70 };
const MARKER_LIMIT = 48;
const TEXT = '#55627a';
const GRID = '#edf0f5';
const AXIS = '#c9d1de';

/** Keeps tick labels at least `gap` px apart (log axes bunch up at the top end). */
function spreadTicks(ticks: number[], at: (v: number) => number, gap: number): number[] {
  const out: number[] = [];
  for (const t of ticks) {
    if (out.length && Math.abs(at(t) - at(out[out.length - 1])) < gap) continue;
    out.push(t);
  }
  return out;
}

interface Hover {
  /** The x value under the cursor (category index for bars). */
  x: number;
  px: number;
  py: number;
}

export function Chart({ series, x, y, mark, refLines = [], xMaxHint, height: tallest = 320, emptyText, ariaLabel, locale, lang, exporter, title, breakGaps = false, overlay }: Props) {
  const { ref, width, measured } = useElementWidth<HTMLDivElement>();
  // A phone-wide chart gets shorter with its width, so the knobs below it stay near.
  const height = width > 0 && width < 560 ? Math.min(tallest, Math.max(210, Math.round(width * 0.66))) : tallest;
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);
  const categories = useMemo(() => x.categories ?? [], [x.categories]);

  const frame: PlotFrame = useMemo(
    () =>
      plotFrame({
        series: series.map((s) => s.points),
        width,
        height,
        margins: MARGINS,
        xScale: x.scale,
        yScale: y.scale,
        categories,
        xMaxHint,
        extraY: refLines.map((r) => r.value),
      }),
    // Series identity changes when new points arrive (at most once per animation frame).
    [series, width, height, x.scale, y.scale, categories, xMaxHint, refLines],
  );

  const count = series.reduce((n, s) => n + (s.points.length >> 1), 0);

  const shapes = useMemo(() => {
    if (mark !== 'line') return [];
    return series.map((s) => {
      const drawn = frame.xLog ? s.points : decimateForWidth(s.points, frame.x, frame.innerWidth);
      const n = drawn.length >> 1;
      const gen = d3line<number>()
        .defined((i) => i >= 0 && Number.isFinite(drawn[2 * i + 1]) && (!frame.yLog || drawn[2 * i + 1] > 0) && (!frame.xLog || drawn[2 * i] > 0))
        .x((i) => frame.x(drawn[2 * i]))
        .y((i) => frame.y(drawn[2 * i + 1]))
        .curve(s.curve === 'step' ? curveStepAfter : curveLinear);
      // A thinned series keeps several points per pixel column: its steps say nothing of gaps.
      const path = gen(breakGaps && drawn === s.points ? lineOrder(drawn) : Array.from({ length: n }, (_, i) => i)) ?? '';
      const markers: [number, number][] = [];
      // A histogram's steps are bins, not samples: no point markers on them.
      if ((s.points.length >> 1) <= MARKER_LIMIT && s.curve !== 'step') {
        for (let i = 0; i < s.points.length; i += 2) {
          const px = s.points[i];
          const py = s.points[i + 1];
          if (Number.isFinite(py) && (!frame.yLog || py > 0) && (!frame.xLog || px > 0)) markers.push([frame.x(px), frame.y(py)]);
        }
      }
      return { key: s.key, path, markers };
    });
  }, [series, frame, mark, breakGaps]);

  // Dense points: one canvas pass instead of thousands of SVG nodes.
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || mark !== 'dots') return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(frame.innerWidth * dpr);
    canvas.height = Math.round(frame.innerHeight * dpr);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, frame.innerWidth, frame.innerHeight);
    for (const s of series) {
      ctx.fillStyle = s.color;
      ctx.globalAlpha = 0.85;
      const r = (s.points.length >> 1) > 1500 ? 1.6 : 2.2;
      for (let i = 0; i < s.points.length; i += 2) {
        const vy = s.points[i + 1];
        if (!Number.isFinite(vy) || (frame.yLog && vy <= 0)) continue;
        ctx.beginPath();
        ctx.arc(frame.x(s.points[i]), frame.y(vy), r, 0, Math.PI * 2);
        ctx.fill();
      }
    }
    ctx.globalAlpha = 1;
  }, [series, frame, mark]);

  const xTicks = useMemo(() => (categories.length ? frame.xTicks : spreadTicks(frame.xTicks, frame.x, 34)), [frame, categories.length]);
  const xLabel = (t: number) => categories[t] ?? formatTick(t);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const overlayRef = useRef<SVGSVGElement | null>(null);

  // The card's export menu reads the latest drawing through this ref, only when clicked: an
  // imperative handle, written during render on purpose.
  // eslint-disable-next-line react-hooks/refs -- see above
  if (exporter) {
    // eslint-disable-next-line react-hooks/immutability -- see above
    exporter.current = {
      csv: () => seriesCsv(series, x, y, lang),
      data: () => plainSeries(series),
      svg: () => exportSvg({ svg: svgRef.current, overlay: overlayRef.current, width, height, title: title ?? ariaLabel, series, frame, margins: MARGINS, dots: mark === 'dots' }),
    };
  }

  // ---- hover / keyboard ----
  const readouts = useMemo(() => {
    if (!hover) return null;
    return series
      .map((s) => {
        const i = categories.length ? findX(s.points, hover.x) : nearestIndex(s.points, hover.x);
        return i < 0 ? null : { s, vx: s.points[2 * i], vy: s.points[2 * i + 1] };
      })
      .filter((r): r is { s: PlotSeries; vx: number; vy: number } => r !== null);
  }, [hover, series, categories.length]);

  const onPointer = (e: PointerEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const px = e.clientX - rect.left;
    const py = e.clientY - rect.top;
    setHover({ x: frame.xInvert(px), px, py });
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const lead = series.find((s) => s.points.length > 0);
    if (!lead) return;
    const n = lead.points.length >> 1;
    if (e.key === 'Escape') {
      setHover(null);
      return;
    }
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const step = e.shiftKey ? 10 : 1;
    const now = hover ? nearestIndex(lead.points, hover.x) : -1;
    let i = e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : now < 0 ? 0 : now + (e.key === 'ArrowRight' ? step : -step);
    i = Math.max(0, Math.min(n - 1, i));
    const vx = lead.points[2 * i];
    setHover({ x: vx, px: frame.x(vx), py: frame.y(lead.points[2 * i + 1]) });
  };

  const cross = readouts?.[0] ? frame.x(readouts[0].vx) : null;
  const tipLeft = hover ? Math.min(hover.px + 16, Math.max(0, frame.innerWidth - 230)) : 0;

  return (
    <div className="plot" ref={ref} style={measured ? undefined : UNMEASURED}>
      <svg ref={svgRef} width={width} height={height} role="img" aria-label={ariaLabel} fontFamily={FONT} data-points={count}>
        <g transform={`translate(${MARGINS.left},${MARGINS.top})`}>
          <g className="grid">
            {frame.yTicks.map((t) => (
              <line key={t} x1={0} x2={frame.innerWidth} y1={frame.y(t)} y2={frame.y(t)} stroke={GRID} />
            ))}
          </g>
          {overlay?.(frame)}
          <g className="axis axis-y" fontSize={11.5} fill={TEXT}>
            {frame.yTicks.map((t) => (
              <text key={t} x={-10} y={frame.y(t)} dy="0.32em" textAnchor="end">
                {formatTick(t)}
              </text>
            ))}
            <text className="axis-title" fontSize={12} fontWeight={600} transform={`translate(${-MARGINS.left + 16},${frame.innerHeight / 2}) rotate(-90)`} textAnchor="middle">
              {axisTitle(y.name, unitText(lang, y.unit))}
            </text>
          </g>
          <g className="axis axis-x" transform={`translate(0,${frame.innerHeight})`} fontSize={11.5} fill={TEXT}>
            <line x1={0} x2={frame.innerWidth} stroke={AXIS} />
            {xTicks.map((t) => (
              <g key={t} transform={`translate(${frame.x(t)},0)`}>
                <line y2={6} stroke={AXIS} />
                <text y={20} textAnchor="middle">
                  {xLabel(t)}
                </text>
              </g>
            ))}
            <text className="axis-title" fontSize={12} fontWeight={600} x={frame.innerWidth / 2} y={43} textAnchor="middle">
              {axisTitle(x.name, unitText(lang, x.unit))}
            </text>
          </g>
          <RefLineMarks lines={refLines} frame={frame} />
          {mark === 'bars' &&
            series.map((s, k) => {
              const w = frame.bandwidth / Math.max(1, series.length);
              const rects = [];
              for (let i = 0; i < s.points.length; i += 2) {
                const vy = s.points[i + 1];
                if (!Number.isFinite(vy)) continue;
                const top = frame.y(Math.max(vy, frame.yLog ? 1e-12 : 0));
                const base = frame.yLog ? frame.innerHeight : frame.y(0);
                const left = frame.x(s.points[i]) - frame.bandwidth / 2 + k * w + 1;
                rects.push(<rect key={i} x={left} y={top} width={Math.max(1, w - 2)} height={Math.max(0, base - top)} rx={3} fill={s.color} />);
                // Benchmarks such as CrystalDiskMark are read as numbers: print them on the bars.
                if (w >= 34) {
                  rects.push(
                    <text key={`v${i}`} x={left + (w - 2) / 2} y={top - 5} textAnchor="middle" fontSize={10.5} fontWeight={600} fill="#34405a">
                      {formatTick(Number(vy.toPrecision(4)))}
                    </text>,
                  );
                }
              }
              return (
                <g key={s.key} data-series={s.key} className="series-bars">
                  {rects}
                </g>
              );
            })}
          {shapes.map((sh, k) => {
            const s = series[k];
            return (
              <g key={sh.key} data-series={sh.key}>
                <path className="series-line" d={sh.path} fill="none" stroke={s.color} strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" strokeDasharray={s.dash} />
                {sh.markers.map(([mx, my], i) => (
                  <path
                    key={i}
                    d={markerPath(s.marker)}
                    transform={`translate(${mx},${my})`}
                    fill={markerIsStroke(s.marker) ? 'none' : s.color}
                    stroke={markerIsStroke(s.marker) ? s.color : '#fff'}
                    strokeWidth={markerIsStroke(s.marker) ? 2 : 1}
                  />
                ))}
              </g>
            );
          })}
          {mark !== 'dots' && <RefLineLabels lines={refLines} frame={frame} />}
          {count === 0 && (
            <text className="chart-empty" x={frame.innerWidth / 2} y={frame.innerHeight / 2} textAnchor="middle" fontSize={13} fill="#7a869c">
              {emptyText}
            </text>
          )}
          {cross !== null && (
            <g className="chart-hover" pointerEvents="none">
              {!categories.length && <line x1={cross} x2={cross} y1={0} y2={frame.innerHeight} stroke="#8a96ab" strokeDasharray="3 3" />}
              {readouts?.map((r) =>
                Number.isFinite(r.vy) && (!frame.yLog || r.vy > 0) ? <circle key={r.s.key} cx={frame.x(r.vx)} cy={frame.y(r.vy)} r={4.5} fill={r.s.color} stroke="#fff" strokeWidth={2} /> : null,
              )}
            </g>
          )}
        </g>
      </svg>
      {mark === 'dots' && (
        <canvas
          ref={canvasRef}
          className="plot-canvas"
          data-testid="plot-canvas"
          style={{ left: MARGINS.left, top: MARGINS.top, width: frame.innerWidth, height: frame.innerHeight }}
        />
      )}
      {/* Over a canvas point cloud the labels need their own layer to stay on top of the dots. */}
      {mark === 'dots' && refLines.length > 0 && (
        <svg ref={overlayRef} className="plot-overlay" width={width} height={height} fontFamily={FONT} aria-hidden="true">
          <g transform={`translate(${MARGINS.left},${MARGINS.top})`}>
            <RefLineLabels lines={refLines} frame={frame} />
          </g>
        </svg>
      )}
      <div
        className="plot-hit"
        style={{ left: MARGINS.left, top: MARGINS.top, width: frame.innerWidth, height: frame.innerHeight }}
        tabIndex={count ? 0 : -1}
        role="group"
        aria-label={ariaLabel}
        onPointerMove={onPointer}
        // A tap shows the tooltip where it landed; it stays until the next tap or a tap
        // elsewhere (a finger leaving the screen is not the pointer leaving the chart).
        onPointerDown={onPointer}
        onPointerLeave={(e) => e.pointerType === 'mouse' && setHover(null)}
        onKeyDown={onKey}
        onBlur={() => setHover(null)}
      />
      {hover && readouts && readouts.length > 0 && (
        <div className="chart-tooltip" role="status" style={{ left: MARGINS.left + tipLeft, top: MARGINS.top + Math.max(0, Math.min(hover.py - 10, frame.innerHeight - 90)) }}>
          <div className="tip-x">
            {axisTitle(x.name, '')}: <strong>{categories.length ? categories[Math.round(hover.x)] : withUnit(lang, formatValue(readouts[0].vx, locale), x.unit)}</strong>
          </div>
          {readouts.map((r) => (
            <div className="tip-row" key={r.s.key}>
              <span className="swatch" style={{ background: r.s.color }} />
              <span className="tip-label">{r.s.label}</span>
              <span className="tip-value">
                {withUnit(lang, formatValue(r.vy, locale), y.unit)}
                {!categories.length && readouts.length > 1 && r.vx !== readouts[0].vx ? <span className="muted"> @ {formatValue(r.vx, locale)}</span> : null}
              </span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** Index of the point with exactly this x (bars: the category index), or -1. */
function findX(points: Float64Array, x: number): number {
  for (let i = 0; i < points.length; i += 2) if (points[i] === x) return i >> 1;
  return -1;
}
