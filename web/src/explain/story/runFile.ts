// A finished run as a file: what the build ships for every story step (computed once, by the
// same wasm engine, so a step draws at once instead of simulating for seconds on the reader's
// machine). Numbers travel as the bytes of their typed arrays (base64), never as decimal text:
// the run read back is bit for bit the run written, -0 and NaN included. The file carries its
// own scenario, so a name that collides or a stale file can never stand in for another run. The
// summary and the series' descriptions are the engine's results as text, read back through the
// same schema check as every result from the wasm (engineResult.ts).
import { PointBuffer } from '../../engine/chunking';
import { engineResult } from '../../engine/engineResult';
import type { FinishedRun } from '../../engine/runToEnd';

/** Bumped when the file's shape changes; a file of another format is not used. */
export const RUN_FILE_FORMAT = 5;
/**
 * Formats still read: 4 keeps every series' [x, y, …] whole (`points`), where 5 keeps each
 * distinct x column once (`xs`, `ys`: the files are about half the size, a step opened cold
 * waits for its file); 3 is 4 without `latency_causes` (made before the engine booked causes).
 */
const READ_FORMATS: readonly number[] = [3, 4, RUN_FILE_FORMAT];

interface EncodedBlockMap {
  planes: number;
  blocksPerPlane: number;
  unitsPerBlock: number;
  valid: string;
  eraseCounts: string;
  states: string;
}

interface RunFile {
  format: number;
  scenario: string;
  /** The series' descriptions, JSON. */
  series: string;
  /** Formats 3 and 4, per series: its flat [x, y, …] Float64Array, little-endian, base64. */
  points?: string[];
  /** Format 5: the distinct x columns (Float64Array, little-endian, base64); series over one axis share one. */
  xs?: string[];
  /** Format 5, per series: its x column's index in `xs` and its y column (Float64Array, little-endian, base64). */
  ys?: { x: number; y: string }[];
  /** The summary, JSON. */
  summary: string;
  blockMap: EncodedBlockMap | null;
  /** The drive's state along the run: its JSON without the cells, and the cells' bytes (base64). */
  snapshots: { json: string; cells: string } | null;
  /** Where the commands' time went, by cause (the engine's JSON); absent in format 3. */
  latency_causes?: string | null;
  /**
   * What the run's power cut left (the engine's JSON), or null when its job cut no power. Absent
   * in files made before the page drew power cuts: such a file of a run that cut the power is
   * not used (its run is made again), so a step never shows a cut without its table.
   */
  power_cut?: string | null;
}

const TWO_32 = 2 ** 32;

/**
 * The file's name for a scenario: FNV-1a (64 bits) of its JSON text, as hex. In two 32-bit
 * halves, not BigInt: a story page names every step's scenario as it opens, and BigInt
 * arithmetic per byte cost it tens of milliseconds. The prime is 2^40 + 0x1b3: the low half
 * times 0x1b3 (exact in a double, under 2^41) carries into the high half, and the 2^40 term
 * adds the low half shifted left by 8 to the high half.
 */
export function runFileName(scenarioJson: string): string {
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (const b of new TextEncoder().encode(scenarioJson)) {
    lo = (lo ^ b) >>> 0;
    const low = lo * 0x1b3;
    hi = (hi * 0x1b3 + Math.floor(low / TWO_32) + ((lo << 8) >>> 0)) % TWO_32;
    lo = low % TWO_32;
  }
  return `${hi.toString(16).padStart(8, '0')}${lo.toString(16).padStart(8, '0')}.json`;
}

/** A cause line that is zero at every point: the page draws nothing for it, so a file leaves it out. */
function emptyCauseLine(run: FinishedRun, i: number): boolean {
  if (run.series[i].role !== 'latency_cause') return false;
  const flat = run.buffers[i].view();
  for (let k = 1; k < flat.length; k += 2) if (flat[k] !== 0) return false;
  return true;
}

export function encodeRun(scenarioJson: string, run: FinishedRun): string {
  const map = run.blockMap;
  // Every step opens its files cold: what the page never draws stays out of them.
  const kept = run.series.map((_, i) => i).filter((i) => !emptyCauseLine(run, i));
  const causes = run.latencyCauses && { ...run.latencyCauses, slowest: [], sample: [] };
  const file: RunFile = {
    format: RUN_FILE_FORMAT,
    scenario: scenarioJson,
    series: JSON.stringify(kept.map((i) => run.series[i])),
    ...columns(kept.map((i) => run.buffers[i].view())),
    summary: JSON.stringify(run.summary),
    blockMap: map && {
      planes: map.planes,
      blocksPerPlane: map.blocksPerPlane,
      unitsPerBlock: map.unitsPerBlock,
      valid: toBase64(map.valid),
      eraseCounts: toBase64(map.eraseCounts),
      states: toBase64(map.states),
    },
    snapshots: run.snapshots && { json: JSON.stringify({ ...run.snapshots, cells: undefined }), cells: toBase64(run.snapshots.cells) },
    // The bands and each point's parts, not the lists of commands (a story shows none).
    latency_causes: causes && JSON.stringify(causes),
    power_cut: run.powerCut ? JSON.stringify(run.powerCut) : null,
  };
  return JSON.stringify(file);
}

/**
 * The run in a file, if the file holds this scenario's run in this format; otherwise null. A
 * summary or series list the page would not accept from the engine is refused (EngineError).
 */
export function decodeRun(scenarioJson: string, text: string): FinishedRun | null {
  const file = JSON.parse(text) as RunFile;
  if (!READ_FORMATS.includes(file.format) || file.scenario !== scenarioJson) return null;
  if (file.power_cut === undefined && cutsPower(scenarioJson)) return null;
  const series = engineResult('series_meta', file.series);
  const flats = file.format === RUN_FILE_FORMAT ? interleaved(file) : file.points?.map((p) => new Float64Array(fromBase64(p).buffer));
  if (!flats || flats.length !== series.length) return null;
  const buffers = flats.map((flat) => {
    const buffer = new PointBuffer(flat.length / 2);
    buffer.append(flat);
    return buffer;
  });
  const map = file.blockMap;
  return {
    series,
    buffers,
    summary: engineResult('summary', file.summary),
    blockMap: map && {
      planes: map.planes,
      blocksPerPlane: map.blocksPerPlane,
      unitsPerBlock: map.unitsPerBlock,
      valid: new Uint32Array(fromBase64(map.valid).buffer),
      eraseCounts: new Uint32Array(fromBase64(map.eraseCounts).buffer),
      states: fromBase64(map.states),
    },
    snapshots: file.snapshots && { ...engineResult('snapshots', file.snapshots.json), cells: fromBase64(file.snapshots.cells) },
    latencyCauses: file.latency_causes ? engineResult('latency_causes', file.latency_causes) : null,
    powerCut: file.power_cut ? engineResult('power_cut', file.power_cut) : null,
    // The run's scenario, typed, as a live run's result carries it (checked as the engine's).
    scenario: engineResult('scenario', file.scenario),
  };
}

/** Does the scenario's job cut the power? (Read only for a file that says nothing of a cut.) */
function cutsPower(scenarioJson: string): boolean {
  const workload = (JSON.parse(scenarioJson) as { workload?: { power_cut_s?: unknown } }).workload;
  return typeof workload?.power_cut_s === 'number' && workload.power_cut_s > 0;
}

/**
 * The series' points as columns: each distinct x column once, each series' y column with the
 * index of its x. Moved as 32-bit halves, never as doubles, so every bit (NaN's payload) stays.
 */
function columns(flats: readonly Float64Array[]): Pick<RunFile, 'xs' | 'ys'> {
  const xs: string[] = [];
  const ys = flats.map((flat) => {
    const words = new Uint32Array(flat.buffer, flat.byteOffset, flat.length * 2);
    const n = flat.length >> 1;
    const x = new Uint32Array(n * 2);
    const y = new Uint32Array(n * 2);
    for (let i = 0; i < n; i += 1) {
      x[2 * i] = words[4 * i];
      x[2 * i + 1] = words[4 * i + 1];
      y[2 * i] = words[4 * i + 2];
      y[2 * i + 1] = words[4 * i + 3];
    }
    const text = toBase64(x);
    let at = xs.indexOf(text);
    if (at < 0) at = xs.push(text) - 1;
    return { x: at, y: toBase64(y) };
  });
  return { xs, ys };
}

/** Each series' flat [x, y, …] from a format-5 file's columns (null if they do not fit together). */
function interleaved(file: RunFile): Float64Array[] | null {
  const xs = (file.xs ?? []).map((x) => new Uint32Array(fromBase64(x).buffer));
  const flats = (file.ys ?? []).map(({ x: at, y: text }) => {
    const x = xs[at];
    const y = new Uint32Array(fromBase64(text).buffer);
    if (!x || x.length !== y.length) return null;
    const words = new Uint32Array(x.length * 2);
    for (let i = 0; i < x.length; i += 2) {
      words[2 * i] = x[i];
      words[2 * i + 1] = x[i + 1];
      words[2 * i + 2] = y[i];
      words[2 * i + 3] = y[i + 1];
    }
    return new Float64Array(words.buffer);
  });
  const whole = flats.filter((f) => f !== null);
  return whole.length === flats.length ? whole : null;
}

// Typed arrays are little-endian on every platform the page and the build run on (x86, ARM).
function toBase64(array: ArrayBufferView): string {
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Bytes in a fresh, aligned buffer (a Float64Array view needs a multiple of 8 from offset 0). */
function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
