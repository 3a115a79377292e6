// Shapes of what crosses the worker boundary. Engine-defined shapes (Series, Summary) come
// from the ts-rs-generated types, so they cannot drift from the Rust side.
import type { Series } from '../scenario/generated/Series';
import type { Summary } from '../scenario/generated/Summary';
import type { Scenario } from '../scenario/generated/Scenario';

export type { Axis } from '../scenario/generated/Axis';
export type { Summary };

/** One entry of Simulation.series_meta(): a series without its points. */
export type SeriesMeta = Omit<Series, 'points'>;

/** One entry of presets(). `scenario` is a scenario object (not a JSON string). */
export interface Preset {
  name: string;
  description: string;
  scenario: Scenario;
}

/** What the worker streams after every chunk of simulation. */
export interface RunChunk {
  index: number;
  /** 0..1; exactly 1 on the last chunk. */
  progress: number;
  done: boolean;
  series: SeriesMeta[];
  /** Per series (same order as `series`): new points only, flat [x0, y0, x1, y1, ...]. */
  points: Float64Array[];
}

export interface RunOptions {
  /** Wall-clock time one chunk should take in the worker; the chunk size adapts to it. */
  targetChunkMs?: number;
  initialChunkEvents?: number;
  /** Disables adaptation (tests use it to show chunking does not change results). */
  fixedChunkEvents?: number;
}

export interface RunResult {
  summary: Summary;
  series: SeriesMeta[];
  chunks: number;
}
