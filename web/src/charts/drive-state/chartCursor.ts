// A chart's side of the drive-state cursor: the line it draws and where its pointer sends the
// cursor, or nothing when no snapshot has a place on its x axis (a latency CDF).
import type { AxisId, SeriesMeta, Unit } from '../../engine/types';
import type { ChartCursor } from '../Chart';
import type { DriveSnapshots } from '../../engine/types';
import { snapshotStops } from './snapshotAt';
import { cursorLineX, type DriveCursor, type NamedAxis } from './useDriveCursor';

export function chartCursor(drive: DriveCursor | null | undefined, axis: NamedAxis): ChartCursor | undefined {
  if (!drive || snapshotStops(drive.snapshots, axis).length === 0) return undefined;
  return { x: cursorLineX(drive, axis), onMove: (x) => drive.pointAt(axis, x) };
}

/** A chart's x axis as the cursor reads it. */
export function namedAxis(x: { id: AxisId; unit: Unit; categories?: readonly string[] }, seriesIds: readonly string[], name: string, log: boolean): NamedAxis {
  return { id: x.id, unit: x.unit, seriesIds, name, log, categories: x.categories?.length ? x.categories : undefined };
}

/** The axis of a chart's first series, for the cursor's starting place; null without one. */
export function mainAxis(metas: readonly (SeriesMeta | undefined)[], name: (x: SeriesMeta['x']) => string): NamedAxis | null {
  const first = metas[0];
  if (!first) return null;
  return namedAxis(first.x, metas.filter((m): m is SeriesMeta => !!m).map((m) => m.id), name(first.x), false);
}

/** The first of the charts' axes on which the snapshots have a place (the headline's, unless it is a latency CDF). */
export function firstPlacedAxis(snapshots: DriveSnapshots | null, axes: readonly (NamedAxis | null)[]): NamedAxis | null {
  return axes.find((a): a is NamedAxis => a !== null && snapshotStops(snapshots, a).length > 0) ?? null;
}
