// A trace's own course (issue 29): data read and written per slice, stacked, and the footprint
// so far. D3 computes the scales and paths; React draws the SVG.
import { area, line, scaleLinear, type ScaleLinear } from 'd3';
import type { TraceTimeline } from '../engine/types';
import { useI18n } from '../i18n';

const W = 300;
const H = 110;
const M = { top: 8, right: 8, bottom: 22, left: 40 };

/** Decimal units, as the page's other byte axes count. */
const UNITS: [number, string][] = [
  [1e12, 'TB'],
  [1e9, 'GB'],
  [1e6, 'MB'],
  [1e3, 'kB'],
];

/** The largest unit `max` bytes reach one of, so the ticks read 0–999, not 0.0001. */
function unitFor(max: number): [number, string] {
  return UNITS.find(([size]) => max >= size) ?? [1, 'B'];
}

/** Slice i's x: seconds of trace time, or commands. */
function xOf(t: TraceTimeline, i: number): number {
  return t.axis === 'time' ? (i * t.width) / 1e9 : i * t.width;
}

function Axes({ x, y, xLabel }: { x: ScaleLinear<number, number>; y: ScaleLinear<number, number>; xLabel: string }) {
  const { locale } = useI18n();
  return (
    <g className="trace-axes" fontSize="9">
      {x.ticks(4).map((v) => (
        <text key={`x${v}`} x={x(v)} y={H - M.bottom + 11} textAnchor="middle">
          {v.toLocaleString(locale)}
        </text>
      ))}
      <text x={(M.left + W - M.right) / 2} y={H - 1} textAnchor="middle">
        {xLabel}
      </text>
      {y.ticks(3).map((v) => (
        <text key={`y${v}`} x={M.left - 4} y={y(v) + 3} textAnchor="end">
          {v.toLocaleString(locale)}
        </text>
      ))}
      <line x1={M.left} x2={W - M.right} y1={H - M.bottom} y2={H - M.bottom} stroke="currentColor" strokeOpacity="0.4" />
    </g>
  );
}

export function TraceCharts({ timeline }: { timeline: TraceTimeline }) {
  const { t } = useI18n();
  const n = timeline.read_bytes.length;
  if (n === 0) return null;
  const xLabel = t(timeline.axis === 'time' ? 'trace.axis.time' : 'trace.axis.commands');
  const x = scaleLinear()
    .domain([0, xOf(timeline, n)])
    .range([M.left, W - M.right]);
  const [mixSize, mixUnit] = unitFor(Math.max(...timeline.read_bytes.map((r, i) => r + timeline.write_bytes[i])));
  const mb = (i: number) => [timeline.read_bytes[i] / mixSize, (timeline.read_bytes[i] + timeline.write_bytes[i]) / mixSize] as const;
  const yMix = scaleLinear()
    .domain([0, Math.max(...timeline.read_bytes.map((_, i) => mb(i)[1]), 1e-9)])
    .nice()
    .range([H - M.bottom, M.top]);
  const idx = Array.from({ length: n }, (_, i) => i);
  // Each slice drawn as a step over its width: its bytes belong to the whole slice.
  const stepped = idx.flatMap((i) => [
    { x: xOf(timeline, i), i },
    { x: xOf(timeline, i + 1), i },
  ]);
  const readArea = area<{ x: number; i: number }>()
    .x((d) => x(d.x))
    .y0(yMix(0))
    .y1((d) => yMix(mb(d.i)[0]))(stepped);
  const writeArea = area<{ x: number; i: number }>()
    .x((d) => x(d.x))
    .y0((d) => yMix(mb(d.i)[0]))
    .y1((d) => yMix(mb(d.i)[1]))(stepped);
  const [footSize, footUnit] = unitFor(Math.max(...timeline.footprint_bytes));
  const gb = timeline.footprint_bytes.map((b) => b / footSize);
  const yFoot = scaleLinear()
    .domain([0, Math.max(...gb, 1e-9)])
    .nice()
    .range([H - M.bottom, M.top]);
  const footprint = line<number>()
    .x((_, i) => x(xOf(timeline, i + 1)))
    .y((v) => yFoot(v))(gb);
  return (
    <div className="trace-charts">
      <figure data-testid="trace-mix-chart">
        <figcaption>
          {t('trace.chart.mix')} <span className="muted">({t('trace.chart.mixUnit', { unit: mixUnit })})</span>
        </figcaption>
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('trace.chart.mix')}>
          <path d={readArea ?? ''} fill="var(--read-color, #0072B2)" fillOpacity="0.8" />
          <path d={writeArea ?? ''} fill="var(--write-color, #D55E00)" fillOpacity="0.8" />
          <Axes x={x} y={yMix} xLabel={xLabel} />
        </svg>
        <p className="trace-legend">
          <span className="swatch read" /> {t('trace.read')} <span className="swatch write" /> {t('trace.write')}
        </p>
      </figure>
      <figure data-testid="trace-footprint-chart">
        <figcaption>
          {t('trace.chart.footprint')} <span className="muted">({footUnit})</span>
        </figcaption>
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('trace.chart.footprint')}>
          <path d={footprint ?? ''} fill="none" stroke="currentColor" strokeWidth="1.5" />
          <Axes x={x} y={yFoot} xLabel={xLabel} />
        </svg>
      </figure>
    </div>
  );
}
