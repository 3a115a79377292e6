// The cursor shared by a run's charts and its drive-state panel: which snapshot is shown and the
// chart axis that chose it (the caption speaks in that axis's unit). It lives in the component
// that draws both the charts and the panel; charts report the x under the pointer, the panel's
// play, scrub and step buttons move it along the same axis's snapshots.
import { useCallback, useMemo, useState } from 'react';
import type { DriveSnapshots } from '../../engine/types';
import { nearestStop, snapshotStops, type CursorAxis, type SnapshotStop } from './snapshotAt';

/** A chart's axis with its translated name, for the caption. */
export interface NamedAxis extends CursorAxis {
  name: string;
  /** Names of the x positions 0, 1, 2 … on a categorical axis (a benchmark's tests). */
  categories?: readonly string[];
}

export interface DriveCursor {
  snapshots: DriveSnapshots;
  /** The snapshot shown. */
  index: number;
  /** The axis the cursor moves along (the last chart pointed at, else the main chart's). */
  axis: NamedAxis;
  /** The axis's snapshots in x order, and where the shown one sits among them (-1: not on it). */
  stops: SnapshotStop[];
  at: number;
  /** A chart's pointer at x on its axis. */
  pointAt(axis: NamedAxis, x: number): void;
  /** To the k-th stop of the current axis (clamped). */
  goTo(k: number): void;
}

interface Pick {
  index: number;
  axis: NamedAxis;
}

function sameAxis(a: CursorAxis, b: CursorAxis): boolean {
  return a.id === b.id && a.unit === b.unit && a.seriesIds.join('\n') === b.seriesIds.join('\n') && !!a.log === !!b.log;
}

/** The cursor over `snapshots`, starting at the main axis's last stop (the run's end); null without snapshots on that axis. */
export function useDriveCursor(snapshots: DriveSnapshots | null, main: NamedAxis | null): DriveCursor | null {
  // The reader's choice, kept with the snapshots it was made on: a new run starts over at its end.
  const [pick, setPick] = useState<{ of: DriveSnapshots; pick: Pick } | null>(null);
  const chosen = pick && pick.of === snapshots ? pick.pick : null;
  const axis = chosen?.axis ?? main;
  const stops = useMemo(() => (axis ? snapshotStops(snapshots, axis) : []), [snapshots, axis]);

  const pointAt = useCallback(
    (on: NamedAxis, x: number) => {
      if (!snapshots) return;
      const stop = nearestStop(snapshotStops(snapshots, on), x, on.log);
      if (stop) setPick((p) => (p && p.of === snapshots && p.pick.index === stop.index && sameAxis(p.pick.axis, on) ? p : { of: snapshots, pick: { index: stop.index, axis: on } }));
    },
    [snapshots],
  );
  const goTo = useCallback(
    (k: number) => {
      if (!snapshots || !axis || stops.length === 0) return;
      const stop = stops[Math.max(0, Math.min(stops.length - 1, k))];
      setPick({ of: snapshots, pick: { index: stop.index, axis } });
    },
    [snapshots, axis, stops],
  );

  if (!snapshots || !axis || stops.length === 0) return null;
  const index = chosen?.index ?? stops[stops.length - 1].index;
  return { snapshots, index, axis, stops, at: stops.findIndex((s) => s.index === index), pointAt, goTo };
}

/** Where a chart on `axis` draws the cursor: the shown snapshot's x there, or null when it has none. */
export function cursorLineX(cursor: DriveCursor | null, axis: CursorAxis): number | null {
  if (!cursor) return null;
  const stop = snapshotStops(cursor.snapshots, axis).find((s) => s.index === cursor.index);
  return stop ? stop.x : null;
}
