// Compare: pinned results drawn with the current run on the headline chart. A pin keeps the
// headline series of a finished run (or of one member of an article figure) plus how to label
// it in either language.
import type { DriveSnapshots, LatencyCauses, SeriesMeta, Summary } from '../engine/types';
import type { Lang } from '../i18n';
import type { FigureIndex, FigureSpec, PinSpec } from '../scenario/pinCodec';
import type { JsonObject } from '../scenario/paths';

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
  /** A pinned run (not a figure member): the preset its scenario is a diff from, for the share link. */
  basePreset?: string;
  /** The pinned run's scenario text: the pin's identity (a run pinned twice is one pin). */
  scenarioJson: string;
  /** The same scenario, typed: what the comparison and the link read (never the text). */
  scenario: JsonObject;
  series: PinnedSeries[];
  /** The run's summary: its latency percentiles sit beside the other lines' (article 002). */
  summary?: Summary | null;
  /** The run's drive state along its x axis, when it was kept (a story figure's members). */
  snapshots?: DriveSnapshots | null;
  /** The run's time by cause, and its latency_cause series (stacked under the line), when kept (a story figure's members). */
  latencyCauses?: LatencyCauses | null;
  causeSeries?: PinnedSeries[];
}

export const MAX_PINS = 8;

let nextId = 1;
export function pinId(): string {
  return `pin-${nextId++}`;
}

/** The pins after one change: each action of the session's pin list is one of these. */
export const pinList = {
  /** A pin of a run already pinned replaces it; the oldest goes past MAX_PINS. */
  add: (list: readonly Pin[], pin: Pin): Pin[] => [...list.filter((p) => p.scenarioJson !== pin.scenarioJson), pin].slice(-MAX_PINS),
  remove: (list: readonly Pin[], id: string): Pin[] => list.filter((p) => p.id !== id),
  /** A figure's members replace earlier pins (one comparison at a time reads best). */
  replaceAll: (_list: readonly Pin[], next: readonly Pin[]): Pin[] => next.slice(0, MAX_PINS),
  /** A share link's pins, recomputed: they lead, and anything pinned meanwhile stays after them. */
  restore: (list: readonly Pin[], next: readonly Pin[]): Pin[] => [...next, ...list.filter((p) => !next.some((n) => n.scenarioJson === p.scenarioJson))].slice(0, MAX_PINS),
};

export interface PinsModel {
  pins: Pin[];
  add(pin: Pin): void;
  remove(id: string): void;
  clear(): void;
  replaceAll(next: Pin[]): void;
  restore(next: Pin[]): void;
}

/**
 * The comparison as the share link holds it (pinCodec.ts): the figure whose members are on the
 * chart (null members: all of them), then every pinned run as its scenario and base preset.
 */
export function comparisonSpecs(pins: readonly Pin[], figures: readonly FigureIndex[]): { figure: FigureSpec | null; pins: PinSpec[] } {
  const name = pins.find((p) => p.figure)?.figure;
  const figure = figures.find((f) => f.name === name);
  let spec: FigureSpec | null = null;
  if (figure) {
    const shown = new Set(pins.filter((p) => p.figure === figure.name).map((p) => p.preset));
    const members = figure.members.map((m) => m.id).filter((id) => shown.has(id));
    spec = { figure: figure.name, members: members.length === figure.members.length ? null : members };
  }
  const runs = pins.filter((p) => !p.figure && p.basePreset).map((p) => ({ preset: p.basePreset!, scenario: p.scenario }));
  return { figure: spec, pins: runs };
}
