// The latency trace's causes drawn under its points: one path per cause, each point a step as
// wide as the gap to its neighbours, stacked bottom first. D3 scales come from the chart's frame.
import type { PlotFrame } from '../plotFrame';
import { tallestIndex, type CauseLayer } from './causeStack';

/** The y pixel of a stacked value: a log axis has no zero, so the stack starts at the plot's floor. */
function yPx(frame: PlotFrame, v: number): number {
  if (frame.yLog && !(v > 0)) return frame.innerHeight;
  return Math.max(0, Math.min(frame.innerHeight, frame.y(v)));
}

/** Each point's left and right edge, px: halfway to its neighbours (half a gap at the ends). */
function edges(points: Float64Array, frame: PlotFrame): { left: Float64Array; right: Float64Array } {
  const n = points.length >> 1;
  const xs = Array.from({ length: n }, (_, i) => frame.x(points[2 * i]));
  const left = new Float64Array(n);
  const right = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const before = i > 0 ? (xs[i] - xs[i - 1]) / 2 : i + 1 < n ? (xs[i + 1] - xs[i]) / 2 : 1;
    const after = i + 1 < n ? (xs[i + 1] - xs[i]) / 2 : before;
    left[i] = xs[i] - Math.max(0.5, before);
    right[i] = xs[i] + Math.max(0.5, after);
  }
  return { left, right };
}

/** One layer's outline: along its tops left to right, back along its bottoms. */
export function layerPath(layer: CauseLayer, frame: PlotFrame, left: Float64Array, right: Float64Array): string {
  const n = layer.y1.length;
  if (n === 0) return '';
  const f = (v: number) => v.toFixed(1);
  let d = `M${f(left[0])},${f(yPx(frame, layer.y1[0]))}`;
  for (let i = 0; i < n; i++) {
    const y = f(yPx(frame, layer.y1[i]));
    d += `L${f(left[i])},${y}L${f(right[i])},${y}`;
  }
  for (let i = n - 1; i >= 0; i--) {
    const y = f(yPx(frame, layer.y0[i]));
    d += `L${f(right[i])},${y}L${f(left[i])},${y}`;
  }
  return `${d}Z`;
}

export function CauseStack({ layers, frame, picked }: { layers: readonly CauseLayer[]; frame: PlotFrame; picked: number | null }) {
  if (layers.length === 0) return null;
  const { left, right } = edges(layers[0].points, frame);
  const top = layers[layers.length - 1].y1;
  // Where the tallest stack stands (x and its pixel in the plot): a test, or a reader's tool, can aim at it.
  const peak = tallestIndex(layers);
  return (
    <g className="cause-stack" data-testid="cause-stack" pointerEvents="none" data-layers={layers.length} data-peak-x={layers[0].points[2 * peak]} data-peak-px={frame.x(layers[0].points[2 * peak]).toFixed(1)}>
      {layers.map((l) => (
        <path key={l.id} d={layerPath(l, frame, left, right)} fill={l.color} fillOpacity={0.85} data-cause={l.id} />
      ))}
      {picked !== null && picked < top.length && (
        <rect
          className="cause-picked"
          data-testid="cause-picked"
          x={left[picked] - 1}
          width={right[picked] - left[picked] + 2}
          y={yPx(frame, top[picked]) - 1}
          height={Math.max(2, frame.innerHeight - yPx(frame, top[picked]) + 1)}
          fill="none"
          stroke="#172033"
          strokeWidth={1.5}
        />
      )}
    </g>
  );
}
