// What the pointer or the arrow keys point at on a chart: the x under the cursor and each
// series' value there, for the crosshair and the tooltip.
import { useMemo, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { PlotSeries } from './chartTypes';
import { nearestIndex, type PlotFrame } from './plotFrame';

export interface Hover {
  /** The x value under the cursor (category index for bars). */
  x: number;
  px: number;
  py: number;
}

export interface Readout {
  s: PlotSeries;
  vx: number;
  vy: number;
}

export interface ChartHover {
  hover: Hover | null;
  readouts: Readout[] | null;
  onPointer(e: PointerEvent<HTMLDivElement>): void;
  onKey(e: KeyboardEvent<HTMLDivElement>): void;
  clear(): void;
}

const KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

/** `onX` hears every x the reader points at (a drive-state cursor follows it); leaving the chart keeps the last. */
export function useChartHover(series: readonly PlotSeries[], frame: PlotFrame, hasCategories: boolean, onX?: (x: number) => void): ChartHover {
  const [hover, setHover] = useState<Hover | null>(null);

  const readouts = useMemo(() => {
    if (!hover) return null;
    return series
      .map((s) => {
        const i = hasCategories ? findX(s.points, hover.x) : nearestIndex(s.points, hover.x);
        return i < 0 ? null : { s, vx: s.points[2 * i], vy: s.points[2 * i + 1] };
      })
      .filter((r): r is Readout => r !== null);
  }, [hover, series, hasCategories]);

  const onPointer = (e: PointerEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const px = e.clientX - rect.left;
    const py = e.clientY - rect.top;
    const x = frame.xInvert(px);
    setHover({ x, px, py });
    onX?.(x);
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const lead = series.find((s) => s.points.length > 0);
    if (!lead) return;
    if (e.key === 'Escape') {
      setHover(null);
      return;
    }
    if (!KEYS.has(e.key)) return;
    e.preventDefault();
    const i = keyedIndex(e.key, e.shiftKey, lead.points, hover);
    const vx = lead.points[2 * i];
    setHover({ x: vx, px: frame.x(vx), py: frame.y(lead.points[2 * i + 1]) });
    onX?.(vx);
  };

  return { hover, readouts, onPointer, onKey, clear: () => setHover(null) };
}

/** The lead series' point a key moves to: Home / End, or one step (ten with Shift) along. */
function keyedIndex(key: string, shift: boolean, points: Float64Array, hover: Hover | null): number {
  const n = points.length >> 1;
  const step = shift ? 10 : 1;
  const now = hover ? nearestIndex(points, hover.x) : -1;
  const i = key === 'Home' ? 0 : key === 'End' ? n - 1 : now < 0 ? 0 : now + (key === 'ArrowRight' ? step : -step);
  return Math.max(0, Math.min(n - 1, i));
}

/** Index of the point with exactly this x (bars: the category index), or -1. */
function findX(points: Float64Array, x: number): number {
  for (let i = 0; i < points.length; i += 2) if (points[i] === x) return i >> 1;
  return -1;
}
