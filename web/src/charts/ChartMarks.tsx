// What stands for the data in the SVG: bars per category, line paths with point markers, and
// the crosshair with a dot on each series under the cursor.
import type { PlotSeries } from './chartTypes';
import type { LineShape } from './lineShapes';
import { markerIsStroke, markerPath } from './palette';
import type { PlotFrame } from './plotFrame';
import { formatTick } from './scales';
import type { Readout } from './useChartHover';

export function BarMarks({ series, frame }: { series: readonly PlotSeries[]; frame: PlotFrame }) {
  const w = frame.bandwidth / Math.max(1, series.length);
  return series.map((s, k) => (
    <g key={s.key} data-series={s.key} className="series-bars">
      {seriesBars(s, k, w, frame)}
    </g>
  ));
}

/** One series' bars, side by side with the other series' in each category's band. */
function seriesBars(s: PlotSeries, k: number, w: number, frame: PlotFrame) {
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
  return rects;
}

export function LineMarks({ shapes, series }: { shapes: readonly LineShape[]; series: readonly PlotSeries[] }) {
  return shapes.map((sh, k) => {
    const s = series[k];
    const stroked = markerIsStroke(s.marker);
    return (
      <g key={sh.key} data-series={sh.key}>
        <path className="series-line" d={sh.path} fill="none" stroke={s.color} strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" strokeDasharray={s.dash} />
        {sh.markers.map(([mx, my], i) => (
          <path
            key={i}
            d={markerPath(s.marker)}
            transform={`translate(${mx},${my})`}
            fill={stroked ? 'none' : s.color}
            stroke={stroked ? s.color : '#fff'}
            strokeWidth={stroked ? 2 : 1}
          />
        ))}
      </g>
    );
  });
}

interface HoverMarksProps {
  frame: PlotFrame;
  cross: number;
  readouts: readonly Readout[];
  /** Bars have no crosshair: the category is the whole band. */
  categorical: boolean;
}

export function HoverMarks({ frame, cross, readouts, categorical }: HoverMarksProps) {
  return (
    <g className="chart-hover" pointerEvents="none">
      {!categorical && <line x1={cross} x2={cross} y1={0} y2={frame.innerHeight} stroke="#8a96ab" strokeDasharray="3 3" />}
      {readouts.map((r) =>
        Number.isFinite(r.vy) && (!frame.yLog || r.vy > 0) ? <circle key={r.s.key} cx={frame.x(r.vx)} cy={frame.y(r.vy)} r={4.5} fill={r.s.color} stroke="#fff" strokeWidth={2} /> : null,
      )}
    </g>
  );
}
