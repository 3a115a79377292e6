// The SVG path and point markers of each line series, computed with D3 from the plot frame.
import { line as d3line, curveStepAfter, curveLinear } from 'd3';
import type { PlotSeries } from './chartTypes';
import type { PlotFrame } from './plotFrame';
import { decimateForWidth, lineOrder } from './scales';

/** Above this many points a line is read as a curve, and markers would only blot it. */
const MARKER_LIMIT = 48;

export interface LineShape {
  key: string;
  path: string;
  /** Marker centres in plot pixels. */
  markers: [number, number][];
}

export function lineShapes(series: readonly PlotSeries[], frame: PlotFrame, breakGaps: boolean): LineShape[] {
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
    return { key: s.key, path, markers: markerPoints(s, frame) };
  });
}

function markerPoints(s: PlotSeries, frame: PlotFrame): [number, number][] {
  const markers: [number, number][] = [];
  // A histogram's steps are bins, not samples: no point markers on them.
  if ((s.points.length >> 1) > MARKER_LIMIT || s.curve === 'step') return markers;
  for (let i = 0; i < s.points.length; i += 2) {
    const px = s.points[i];
    const py = s.points[i + 1];
    if (Number.isFinite(py) && (!frame.yLog || py > 0) && (!frame.xLog || px > 0)) markers.push([frame.x(px), frame.y(py)]);
  }
  return markers;
}
