// Compare: pinned results drawn with the current run on the headline chart. A pin keeps the
// headline series of a finished run (or of one member of an article figure) plus how to label
// it in either language.
import { useCallback, useState } from 'react';
import type { SeriesMeta, Summary } from '../engine/types';
import type { Lang } from '../i18n';

export interface PinnedSeries {
  meta: SeriesMeta;
  points: Float64Array;
}

export interface Pin {
  id: string;
  label(lang: Lang): string;
  /** The figure this pin came from ("compare variants"), if any. */
  figure?: string;
  /** The preset a figure member is (the figure may run it with another workload size). */
  preset?: string;
  scenarioJson: string;
  series: PinnedSeries[];
  /** The run's summary: its latency percentiles sit beside the other lines' (article 002). */
  summary?: Summary | null;
}

export const MAX_PINS = 8;

let nextId = 1;
export function pinId(): string {
  return `pin-${nextId++}`;
}

export function usePins() {
  const [pins, setPins] = useState<Pin[]>([]);
  const add = useCallback((pin: Pin) => setPins((list) => [...list.filter((p) => p.scenarioJson !== pin.scenarioJson), pin].slice(-MAX_PINS)), []);
  const remove = useCallback((id: string) => setPins((list) => list.filter((p) => p.id !== id)), []);
  const clear = useCallback(() => setPins([]), []);
  /** A figure's members replace earlier pins (one comparison at a time reads best). */
  const replaceAll = useCallback((next: Pin[]) => setPins(next.slice(0, MAX_PINS)), []);
  return { pins, add, remove, clear, replaceAll };
}

export type PinsModel = ReturnType<typeof usePins>;
