// A run nobody watches stream: the scenarios a comparison or a story's figure runs on the worker
// pool. Every streamed point is kept, exactly as the page's own run keeps them.
import type { EngineClient } from './bridge';
import { PointBuffer } from './chunking';
import type { Scenario } from './generated/Scenario';
import type { BlockMap, DriveSnapshots, LatencyCauses, PowerCutSummary, RunOptions, SeriesMeta, Summary } from './types';

export interface FinishedRun {
  series: SeriesMeta[];
  /** Indexed like `series`. */
  buffers: PointBuffer[];
  summary: Summary;
  blockMap: BlockMap | null;
  snapshots: DriveSnapshots | null;
  /** Where the commands' time went, by cause; null when the run booked none. */
  latencyCauses: LatencyCauses | null;
  /** What a power cut left (`workload.power_cut_s` on a NAND drive); null (or absent) otherwise. */
  powerCut?: PowerCutSummary | null;
  /** The scenario the run ran, as the engine normalised it (a run shipped with the build has none). */
  scenario?: Scenario;
}

export async function runToEnd(engine: Pick<EngineClient, 'run'>, scenarioJson: string, onProgress: (progress: number) => void, options?: RunOptions): Promise<FinishedRun> {
  const buffers: PointBuffer[] = [];
  const result = await engine.run(
    scenarioJson,
    (chunk) => {
      chunk.points.forEach((p, i) => (buffers[i] ??= new PointBuffer()).append(p));
      onProgress(chunk.progress);
    },
    options,
  );
  // Series added when the run finishes may have had no points: they still get a buffer.
  return { series: result.series, buffers: result.series.map((_, i) => buffers[i] ?? new PointBuffer()), summary: result.summary, blockMap: result.blockMap, snapshots: result.snapshots, latencyCauses: result.latencyCauses, powerCut: result.powerCut, scenario: result.scenario };
}
