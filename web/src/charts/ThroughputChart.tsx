// Live throughput-over-time chart. D3 computes scales, ticks and path strings; React owns
// every SVG element, so there is no DOM hand-off to D3 and re-rendering is just a render.
import { useId } from 'react';
import type { SeriesMeta } from '../engine/types';
import { areaPath, axisTitle, chartFrame, decimateForWidth, formatTick, linePath, meanY, type Margins } from './scales';
import { useElementWidth } from './useElementWidth';

const HEIGHT = 340;
const MARGINS: Margins = { top: 16, right: 20, bottom: 48, left: 68 };
const COLORS = ['#2b59c3', '#e07b24', '#1a9a63', '#9b4dca'];

export interface ChartLine {
  meta: SeriesMeta;
  /** Flat [x, y, ...]; read on every render (the parent re-renders at most once per frame). */
  points: Float64Array;
}

interface Props {
  title: string;
  /** Series sharing one y unit (e.g. read and write throughput). */
  lines: ChartLine[];
  /** Planned end of the x axis (e.g. the scenario runtime) so the line grows across it. */
  xMaxHint?: number;
  running: boolean;
}

/** Headline mean: one decimal is plenty for a rate that fluctuates by percents. */
function formatMean(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: value >= 100 ? 1 : 2 });
}

/** All lines' points in one array, so one frame (shared scales) fits every line. */
function concat(lines: ChartLine[]): Float64Array {
  if (lines.length === 1) return lines[0].points;
  const all = new Float64Array(lines.reduce((n, l) => n + l.points.length, 0));
  let at = 0;
  for (const l of lines) {
    all.set(l.points, at);
    at += l.points.length;
  }
  return all;
}

export function ThroughputChart({ title, lines, xMaxHint = 0, running }: Props) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const gradientId = useId();
  const frame = chartFrame(concat(lines), width, HEIGHT, MARGINS, xMaxHint);
  const count = lines.reduce((n, l) => n + Math.floor(l.points.length / 2), 0);
  const first = lines[0]?.meta ?? null;
  // A categorical x axis (e.g. benchmark test names) labels positions 0, 1, 2, ... by name.
  const categories = first?.x.categories ?? [];
  const xTicks = categories.length ? categories.map((_, i) => i) : frame.x.ticks(Math.max(2, Math.floor(frame.innerWidth / 90)));
  const xLabel = (t: number) => categories[t] ?? formatTick(t);
  const yTicks = frame.y.ticks(6);
  const means = lines.map((l) => meanY(l.points));

  return (
    <figure className="card chart" data-testid="throughput-chart" data-points={count}>
      <figcaption className="chart-head">
        <div>
          <h2>{title}</h2>
          <p className="muted">
            {first ? `${count.toLocaleString('en-US')} points${running ? ' · streaming' : ''}` : 'Run a scenario to watch it live'}
          </p>
        </div>
        <div className="chart-stats">
          {lines.map((l, i) =>
            means[i] === null ? null : (
              <div className="chart-stat" key={l.meta.id}>
                <span className="chart-stat-value">
                  <span className="swatch" style={{ background: COLORS[i % COLORS.length] }} />
                  {formatMean(means[i]!)}
                </span>
                <span className="chart-stat-unit">
                  {l.meta.label} mean, {l.meta.y.unit}
                </span>
              </div>
            ),
          )}
        </div>
      </figcaption>
      <div ref={ref} className="chart-body">
        <svg width={width} height={HEIGHT} role="img" aria-label={title}>
          <defs>
            {lines.map((l, i) => (
              <linearGradient key={l.meta.id} id={`${gradientId}-${i}`} x1="0" x2="0" y1="0" y2="1">
                <stop offset="0%" stopColor={COLORS[i % COLORS.length]} stopOpacity={0.22} />
                <stop offset="100%" stopColor={COLORS[i % COLORS.length]} stopOpacity={0.01} />
              </linearGradient>
            ))}
          </defs>
          <g transform={`translate(${MARGINS.left},${MARGINS.top})`}>
            <g className="grid">
              {yTicks.map((t) => (
                <line key={t} x1={0} x2={frame.innerWidth} y1={frame.y(t)} y2={frame.y(t)} />
              ))}
            </g>
            <g className="axis axis-y">
              {yTicks.map((t) => (
                <text key={t} x={-10} y={frame.y(t)} dy="0.32em" textAnchor="end">
                  {formatTick(t)}
                </text>
              ))}
              <text className="axis-title" transform={`translate(${-MARGINS.left + 16},${frame.innerHeight / 2}) rotate(-90)`} textAnchor="middle">
                {first ? axisTitle(first.y.name, first.y.unit) : 'Throughput (MB/s)'}
              </text>
            </g>
            <g className="axis axis-x" transform={`translate(0,${frame.innerHeight})`}>
              <line x1={0} x2={frame.innerWidth} className="domain" />
              {xTicks.map((t) => (
                <g key={t} transform={`translate(${frame.x(t)},0)`}>
                  <line y2={6} />
                  <text y={20} textAnchor="middle">
                    {xLabel(t)}
                  </text>
                </g>
              ))}
              <text className="axis-title" x={frame.innerWidth / 2} y={42} textAnchor="middle">
                {first ? axisTitle(first.x.name, first.x.unit) : 'Time (s)'}
              </text>
            </g>
            {lines.map((l, i) => {
              if (l.points.length < 2) return null;
              const drawn = decimateForWidth(l.points, frame.x, frame.innerWidth);
              return (
                <g key={l.meta.id} data-series={l.meta.id}>
                  {/* Overlapping fills would muddy each other: shade only a lone series. */}
                  {lines.length === 1 && <path className="series-area" d={areaPath(drawn, frame)} fill={`url(#${gradientId}-${i})`} />}
                  <path className="series-line" d={linePath(drawn, frame)} stroke={COLORS[i % COLORS.length]} data-testid="throughput-line" />
                </g>
              );
            })}
            {count === 0 && (
              <text className="chart-empty" x={frame.innerWidth / 2} y={frame.innerHeight / 2} textAnchor="middle">
                {running ? 'Waiting for the first points…' : 'No data yet — press Run'}
              </text>
            )}
          </g>
        </svg>
      </div>
    </figure>
  );
}
