// Runs the scenarios a comparison needs, one after another, in a second worker so the
// playground's own engine (and the UI) stay free: "Compare variants" runs every member of an
// article figure (e.g. BG4 HMB off / 61 / 64 MiB + BG3 + a DRAM drive); opening a share link
// re-runs the figure and the pinned runs it names. Each finished scenario becomes a pin.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CancelledError, EngineClient } from '../engine/bridge';
import { PointBuffer } from '../engine/chunking';
import type { Figure, SeriesMeta, Summary } from '../engine/types';
import { chartDefs } from '../charts/chartSpecs';
import { figureMemberLabel } from '../i18n/engineText';
import { pinId, type Pin, type PinnedSeries } from './usePins';

export interface VariantProgress {
  /** The figure being run; null when only pinned runs are being recomputed. */
  figure: string | null;
  /** True while a share link's comparison is being recomputed. */
  restoring: boolean;
  /** Scenario being run, 0-based. */
  index: number;
  total: number;
  /** Progress of the whole batch, 0..1. */
  progress: number;
}

export type VariantState = { status: 'idle' } | { status: 'running'; at: VariantProgress } | { status: 'failed'; message: string };

/** One scenario to run, and how its result becomes a pin. `prepare` may swap in a validated scenario. */
export interface PinJob {
  scenarioJson: string;
  prepare?(engine: EngineClient): Promise<string>;
  make(result: { scenarioJson: string; series: PinnedSeries[]; summary: Summary }): Pin;
}

/** Runs one scenario to the end and keeps its headline series and summary. */
async function runHeadline(engine: EngineClient, scenarioJson: string, onProgress: (p: number) => void): Promise<{ series: PinnedSeries[]; summary: Summary }> {
  const buffers: PointBuffer[] = [];
  let series: SeriesMeta[] = [];
  const result = await engine.run(
    scenarioJson,
    (chunk) => {
      series = chunk.series;
      chunk.points.forEach((p, i) => (buffers[i] ??= new PointBuffer()).append(p));
      onProgress(chunk.progress);
    },
    { blockMap: false },
  );
  series = result.series;
  const head = chartDefs(series)[0]?.series ?? [];
  return { series: head.map((i) => ({ meta: series[i], points: buffers[i]?.view().slice() ?? new Float64Array(0) })), summary: result.summary };
}

/** A figure's members as jobs (all of them, or the listed ids). */
export function figureJobs(figure: Figure, only: readonly string[] | null = null): PinJob[] {
  return figure.members
    .filter((m) => !only || only.includes(m.id))
    .map((member) => ({
      scenarioJson: JSON.stringify(member.scenario),
      make: ({ scenarioJson, series, summary }) => ({ id: pinId(), figure: figure.name, preset: member.id, scenarioJson, series, summary, label: (lang) => figureMemberLabel(lang, figure.name, member) }),
    }));
}

/** `onDone`: the batch's pins, and whether they were a share link's comparison being restored. */
export function useVariants(onDone: (pins: Pin[], restoring: boolean) => void) {
  const engine = useRef<EngineClient | null>(null);
  const [state, setState] = useState<VariantState>({ status: 'idle' });
  const token = useRef(0);

  useEffect(
    () => () => {
      engine.current?.dispose();
      engine.current = null;
    },
    [],
  );

  /** Runs the jobs in order and hands over their pins when all are done. */
  const runJobs = useCallback(
    async (jobs: PinJob[], figure: string | null, restoring: boolean) => {
      const id = ++token.current;
      engine.current ??= new EngineClient();
      const client = engine.current;
      const total = jobs.length;
      const pins: Pin[] = [];
      const at = (index: number, progress: number): VariantState => ({ status: 'running', at: { figure, restoring, index, total, progress } });
      try {
        for (const [index, job] of jobs.entries()) {
          setState(at(index, index / total));
          const scenarioJson = job.prepare ? await job.prepare(client) : job.scenarioJson;
          if (id !== token.current) return;
          const { series, summary } = await runHeadline(client, scenarioJson, (p) => {
            if (id === token.current) setState(at(index, (index + p) / total));
          });
          if (id !== token.current) return;
          pins.push(job.make({ scenarioJson, series, summary }));
        }
        setState({ status: 'idle' });
        onDone(pins, restoring);
      } catch (err) {
        if (id !== token.current) return;
        setState(err instanceof CancelledError ? { status: 'idle' } : { status: 'failed', message: err instanceof Error ? err.message : String(err) });
      }
    },
    [onDone],
  );

  const run = useCallback((figure: Figure) => runJobs(figureJobs(figure), figure.name, false), [runJobs]);

  const cancel = useCallback(() => {
    token.current += 1;
    engine.current?.cancel();
    setState({ status: 'idle' });
  }, []);

  return { state, run, runJobs, cancel };
}
