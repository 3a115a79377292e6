// Which of a run's drive snapshots a chart's cursor points at. A snapshot is placed on a chart by
// the coordinate that chart's x axis measures (seconds, GB written, operations), or, on a chart
// whose points are the run's phases (a span sweep), by the phase point it was taken at.
import type { DriveSnapshot, DriveSnapshots } from '../../engine/types';
import type { AxisId, Unit } from '../../engine/types';

/** The chart side of the match: its x axis and the ids of the series it draws. */
export interface CursorAxis {
  id: AxisId;
  unit: Unit;
  seriesIds: readonly string[];
  /** A log x: "nearest" is judged by ratio, as the eye reads it. */
  log?: boolean;
}

/** A snapshot as a place on the chart: its index in the run's list and its x in the chart's unit. */
export interface SnapshotStop {
  index: number;
  x: number;
}

/** Seconds, GB or operations per one unit of the chart's axis; null when the unit does not fit the axis. */
function perUnit(axis: AxisId, unit: Unit): number | null {
  if (axis === 'time') return unit === 's' ? 1 : unit === 'ms' ? 1e-3 : unit === 'us' ? 1e-6 : null;
  if (axis === 'data_written') return unit === 'gb' ? 1 : unit === 'gib' ? 2 ** 30 / 1e9 : null;
  if (axis === 'operation') return unit === 'count' ? 1 : null;
  return null;
}

function coordinate(axis: AxisId): ((s: DriveSnapshot) => number) | null {
  if (axis === 'time') return (s) => s.time_s;
  if (axis === 'data_written') return (s) => s.written_gb;
  if (axis === 'operation') return (s) => s.ops;
  return null;
}

/**
 * Every snapshot that has a place on this chart, in x order: all of them on a time, data-written
 * or operation axis; on any other axis those taken at one of the chart's own series' points.
 */
export function snapshotStops(snaps: DriveSnapshots | null, axis: CursorAxis): SnapshotStop[] {
  if (!snaps || snaps.snapshots.length === 0) return [];
  const at = coordinate(axis.id);
  const per = perUnit(axis.id, axis.unit);
  let stops: SnapshotStop[];
  if (at && per) {
    stops = snaps.snapshots.map((s, index) => ({ index, x: at(s) / per }));
  } else {
    stops = snaps.snapshots.flatMap((s, index) => (s.point && axis.seriesIds.includes(s.point.series) ? [{ index, x: s.point.x }] : []));
  }
  return stops.sort((a, b) => a.x - b.x || a.index - b.index);
}

/** The stop nearest to x (by ratio on a log axis), or null when there is none. */
export function nearestStop(stops: readonly SnapshotStop[], x: number, log = false): SnapshotStop | null {
  let best: SnapshotStop | null = null;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const s of stops) {
    const gap = log && s.x > 0 && x > 0 ? Math.abs(Math.log(s.x / x)) : Math.abs(s.x - x);
    if (gap < bestGap) {
      best = s;
      bestGap = gap;
    }
  }
  return best;
}

/** The snapshot for a chart cursor at x: the nearest by the axis's own coordinate, or null. */
export function snapshotAt(snaps: DriveSnapshots | null, axis: CursorAxis, x: number): DriveSnapshot | null {
  const stop = nearestStop(snapshotStops(snaps, axis), x, axis.log);
  return stop && snaps ? snaps.snapshots[stop.index] : null;
}
