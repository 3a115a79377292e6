// What a chart is given: its series, axes and reference lines (shared by the chart, its
// reference-line layer and its exports, so none of them imports another for a type).
import type { Unit } from '../engine/types';
import type { MarkerShape } from './palette';
import type { ScaleKind } from './plotFrame';

export type { RefLine } from '../run/refLine';

export interface PlotSeries {
  key: string;
  label: string;
  color: string;
  marker: MarkerShape;
  dash?: string;
  curve?: 'linear' | 'step';
  /** Flat [x0, y0, x1, y1, …], sorted by x. */
  points: Float64Array;
}

export interface AxisSpec {
  /** Already translated (the page translates by axis id). */
  name: string;
  /** The engine's unit id; shown through the page's own unit table. */
  unit: Unit;
  categories?: string[];
  scale: ScaleKind;
}

