// What a chart is given: its series, axes and reference lines (shared by the chart, its
// reference-line layer and its exports, so none of them imports another for a type).
import type { Unit } from '../engine/types';
import type { MarkerShape } from './palette';
import type { ScaleKind } from './plotFrame';

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

export interface RefLine {
  key: string;
  label: string;
  /** The y it marks; the x for a vertical line. */
  value: number;
  color: string;
  /**
   * A horizontal line only over these x values (an article's mean over a range); equal ends
   * make a short mark centred there (an article's number at one point). The whole plot when absent.
   */
  span?: readonly [number, number];
  /** Dash pattern; '4 4' when absent. */
  dash?: string;
  /** A vertical line at x = `value` (where an article says a line falls below a level). */
  vertical?: boolean;
}
