// The back-of-envelope models the stories show beside the engine's number, as pure functions of
// a step's scenario, its run's summary and its series. A model is the reasoning a reader can
// redo on paper; the engine is the simulation. Where they differ, the step says why.
import { parseBytes } from '../../scenario/bytes';
import { getPath, type JsonObject } from '../../scenario/paths';
import type { ModelKind } from './schema';

/** What a model reads from a step: its scenario, and its run once done. */
export interface ModelInputs {
  scenario: JsonObject | null;
  summary: Record<string, unknown> | null;
  /** A series' points as [x, y, x, y, …], or null when the run has none by that id. */
  series(id: string): ArrayLike<number> | null;
}

export interface ModelValues {
  model: number | null;
  engine: number | null;
  /** The unit both are in: the chart's or the summary's. */
  unit: 'ratio' | 'gb' | 'gib';
}

/** The FTL's mapping unit: a 4 KiB logical page, 4 bytes of table each. */
const MAPPING_UNIT_BYTES = 4096;
const TABLE_ENTRY_BYTES = 4;
const BITS_PER_CELL: Record<string, number> = { slc: 1, mlc: 2, tlc: 3, qlc: 4 };

/** Principal branch of Lambert W on [-1/e, 0] (Halley's iteration, as engine/core/src/theory.rs). */
export function lambertW0(x: number): number {
  const min = -1 / Math.E;
  if (x <= min) return -1;
  const p = Math.sqrt(2 * (Math.E * x + 1));
  let w = -1 + p - (p * p) / 3 + (11 / 72) * p * p * p;
  for (let i = 0; i < 50; i++) {
    const e = Math.exp(w);
    const f = w * e - x;
    const step = f / (e * (w + 1) - ((w + 2) * f) / (2 * w + 2));
    w -= step;
    if (Math.abs(step) < 1e-15 * (1 + Math.abs(w))) break;
  }
  return w;
}

/**
 * Write amplification of greedy GC under uniform random writes (Desnoyers, SYSTOR 2012):
 * A_fifo(α) = α / (α + W0(−α e^−α)), greedy ≈ A_fifo(kα) / k with k = 1 + 1 / (2 Np);
 * α = physical / logical space, Np = mapping units per erase block.
 */
export function greedyWaf(alpha: number, unitsPerBlock: number): number {
  const fifo = (a: number) => a / (a + lambertW0(-a * Math.exp(-a)));
  const k = 1 + 1 / (2 * unitsPerBlock);
  return fifo(k * alpha) / k;
}

/** The SLC cache on a drive: static + ratio × free user capacity / bits per cell (bytes). */
export function slcCacheBytes(staticBytes: number, dynamicPercent: number, freeBytes: number, bitsPerCell: number): number {
  return staticBytes + ((dynamicPercent / 100) * freeBytes) / bitsPerCell;
}

/** The span a cached table covers: 4 bytes of table per 4 KiB of data, about 1/1000 (bytes). */
export function tableCoverageBytes(tableBytes: number): number {
  return (tableBytes / TABLE_ENTRY_BYTES) * MAPPING_UNIT_BYTES;
}

/** Mean of a series' y over the last `share` of its x range (a steady state's level). */
export function tailMean(points: ArrayLike<number>, share: number): number | null {
  const n = points.length >> 1;
  if (n === 0) return null;
  const from = points[(n - 1) * 2] - (points[(n - 1) * 2] - points[0]) * share;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (points[i * 2] < from) continue;
    sum += points[i * 2 + 1];
    count += 1;
  }
  return count ? sum / count : null;
}

/**
 * The widest span of a span sweep still read at `keep` of the narrowest span's speed: where
 * the engine's fast range ends, to the sweep's resolution (1, 2, 4 … GiB).
 */
export function fastSpan(points: ArrayLike<number>, keep = 0.9): number | null {
  const n = points.length >> 1;
  if (n === 0) return null;
  let last = points[0];
  for (let i = 0; i < n; i++) {
    if (points[i * 2 + 1] < points[1] * keep) break;
    last = points[i * 2];
  }
  return last;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const bytesAt = (scenario: JsonObject | null, path: string): number => {
  const v = getPath(scenario, path);
  return typeof v === 'number' || typeof v === 'string' ? parseBytes(v) : Number.NaN;
};
const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** The model's number and the engine's, for one step. */
export function modelValues(kind: ModelKind, { scenario, summary, series }: ModelInputs): ModelValues {
  switch (kind) {
    case 'greedy-waf': {
      // α from the spare GC really has (the summary's), Np from the block's size.
      const spare = num(summary?.gc_spare_percent);
      const units = (num(getPath(scenario, 'device.nand.pages_per_block')) ?? Number.NaN) * ((num(getPath(scenario, 'device.nand.page_bytes')) ?? Number.NaN) / MAPPING_UNIT_BYTES);
      const model = spare !== null && units > 0 ? greedyWaf(1 + spare / 100, units) : null;
      // The engine's steady state: its windowed WAF over the last quarter of the run.
      const window = series('waf_window');
      return { model, engine: window ? tailMean(window, 0.25) : null, unit: 'ratio' };
    }
    case 'slc-cache': {
      const user = num(summary?.user_capacity_bytes);
      const cell = getPath(scenario, 'device.nand.cell');
      const bits = typeof cell === 'string' ? BITS_PER_CELL[cell] : undefined;
      const fill = num(getPath(scenario, 'precondition.fill_percent')) ?? 0;
      const ratio = num(getPath(scenario, 'device.slc_cache.dynamic_percent')) ?? 0;
      const fixed = bytesAt(scenario, 'device.slc_cache.static_bytes');
      const model = user !== null && bits ? slcCacheBytes(Number.isFinite(fixed) ? fixed : 0, ratio, user * (1 - fill / 100), bits) : null;
      const engine = num(summary?.slc_cache_bytes);
      return { model: model === null ? null : model / 1e9, engine: engine === null ? null : engine / 1e9, unit: 'gb' };
    }
    case 'table-coverage': {
      const sram = finite(bytesAt(scenario, 'device.mapping.sram_bytes'));
      const sweep = series('span_sweep');
      return { model: sram === null ? null : tableCoverageBytes(sram) / 2 ** 30, engine: sweep ? fastSpan(sweep) : null, unit: 'gib' };
    }
  }
}
