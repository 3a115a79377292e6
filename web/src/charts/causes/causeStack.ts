// The latency trace split by cause: the engine's `latency_cause.<id>` series (one value per
// trace point, summing to the point's latency) as stacked layers, bottom first in the order the
// engine books them; and one point's breakdown, for the "why was this slow?" card.
import type { LatencyCauses, SeriesMeta } from '../../engine/types';
import { causeColor } from './causeColors';
import { causeIdOf } from '../../run/causeSeries';

export { CAUSE_ROLE, causeIdOf, causeIndices, isCauseSeries } from '../../run/causeSeries';


/** A run's causes as the trace draws them: its latency_cause series and the causes document. */
export interface CauseSource {
  series: readonly { meta: SeriesMeta; points: Float64Array }[];
  doc: LatencyCauses | null;
}

export interface CauseLayer {
  id: string;
  color: string;
  /** Flat [x, y, …] of the cause itself, as the engine gave it. */
  points: Float64Array;
  /** Per point: the layer's bottom and top (the sum of the causes below it, and that plus its own). */
  y0: Float64Array;
  y1: Float64Array;
}

/**
 * The layers, bottom first: in the document's `causes` order (series the document does not name
 * after them, in series order); a cause that is zero at every point is left out (no layer, no
 * legend entry). Series of another length than the first are dropped: they cannot stack.
 */
export function stackLayers(source: CauseSource | null): CauseLayer[] {
  if (!source || source.series.length === 0) return [];
  const order: readonly string[] = source.doc?.causes ?? [];
  const rank = (id: string) => {
    const i = order.indexOf(id);
    return i < 0 ? order.length : i;
  };
  const n = source.series[0].points.length;
  const kept = source.series
    .map((s, k) => ({ id: causeIdOf(s.meta), points: s.points, k }))
    .filter((s) => s.points.length === n && hasNonZero(s.points))
    .sort((a, b) => rank(a.id) - rank(b.id) || a.k - b.k);
  const below = new Float64Array(n >> 1);
  return kept.map(({ id, points }) => {
    const y0 = below.slice();
    for (let i = 0; i < below.length; i++) below[i] += Math.max(0, points[2 * i + 1] || 0);
    return { id, color: causeColor(id), points, y0, y1: below.slice() };
  });
}

function hasNonZero(points: Float64Array): boolean {
  for (let i = 1; i < points.length; i += 2) if (points[i] > 0) return true;
  return false;
}

export interface CausePart {
  id: string;
  color: string;
  /** In the trace's y unit. */
  value: number;
  /** Of the point's total, 0..1. */
  share: number;
}

export interface PointBreakdown {
  index: number;
  x: number;
  /** The sum of the parts: the point's latency, in the trace's y unit. */
  total: number;
  /** Non-zero causes, largest first. */
  parts: CausePart[];
}

/** Point `index`'s causes, largest first; null when the index is off the layers. */
export function pointBreakdown(layers: readonly CauseLayer[], index: number): PointBreakdown | null {
  if (layers.length === 0 || index < 0 || index >= layers[0].y1.length) return null;
  const values = layers.map((l) => ({ id: l.id, color: l.color, value: Math.max(0, l.points[2 * index + 1] || 0) }));
  const total = values.reduce((s, v) => s + v.value, 0);
  const parts = values
    .filter((v) => v.value > 0)
    .map((v) => ({ ...v, share: total > 0 ? v.value / total : 0 }))
    .sort((a, b) => b.value - a.value);
  return { index, x: layers[0].points[2 * index], total, parts };
}

/**
 * The point a click at x picks: the tallest stack within `tolerance` of x (a spike one pixel off
 * is still the spike the reader aimed at), else the nearest; -1 without points.
 */
export function pickIndex(layers: readonly CauseLayer[], x: number, tolerance: number): number {
  if (layers.length === 0) return -1;
  const points = layers[0].points;
  const top = layers[layers.length - 1].y1;
  let best = -1;
  let nearest = -1;
  for (let i = 0; i < top.length; i++) {
    const gap = Math.abs(points[2 * i] - x);
    if (nearest < 0 || gap < Math.abs(points[2 * nearest] - x)) nearest = i;
    if (gap <= tolerance && (best < 0 || top[i] > top[best])) best = i;
  }
  return best >= 0 ? best : nearest;
}

/** The index of the tallest stack (the trace's worst point); -1 without points. */
export function tallestIndex(layers: readonly CauseLayer[]): number {
  if (layers.length === 0) return -1;
  const top = layers[layers.length - 1].y1;
  let best = -1;
  for (let i = 0; i < top.length; i++) if (best < 0 || top[i] > top[best]) best = i;
  return best;
}
