// "Compare variants": runs every member of an article figure (e.g. BG4 HMB off / 61 / 64 MiB
// + BG3 + a DRAM drive) and pins each member's headline series. The members run in a second
// worker, so the playground's own engine stays free for the knobs.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CancelledError, EngineClient } from '../engine/bridge';
import { PointBuffer } from '../engine/chunking';
import type { Figure, SeriesMeta, Summary } from '../engine/types';
import { chartDefs } from '../charts/chartSpecs';
import { figureMemberLabel } from '../i18n/engineText';
import { pinId, type Pin } from './usePins';

export interface VariantProgress {
  figure: string;
  /** Member being run, 0-based. */
  index: number;
  total: number;
  /** Progress of the whole figure, 0..1. */
  progress: number;
}

export type VariantState = { status: 'idle' } | { status: 'running'; at: VariantProgress } | { status: 'failed'; message: string };

/** Runs one scenario to the end and keeps its headline series and summary. */
async function runHeadline(engine: EngineClient, scenarioJson: string, onProgress: (p: number) => void): Promise<{ series: { meta: SeriesMeta; points: Float64Array }[]; summary: Summary }> {
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

export function useVariants(onDone: (pins: Pin[]) => void) {
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

  const run = useCallback(
    async (figure: Figure) => {
      const id = ++token.current;
      engine.current ??= new EngineClient();
      const client = engine.current;
      const total = figure.members.length;
      const pins: Pin[] = [];
      try {
        for (const [index, member] of figure.members.entries()) {
          setState({ status: 'running', at: { figure: figure.name, index, total, progress: index / total } });
          const scenarioJson = JSON.stringify(member.scenario);
          const { series, summary } = await runHeadline(client, scenarioJson, (p) => {
            if (id === token.current) setState({ status: 'running', at: { figure: figure.name, index, total, progress: (index + p) / total } });
          });
          if (id !== token.current) return;
          pins.push({ id: pinId(), figure: figure.name, preset: member.id, scenarioJson, series, summary, label: (lang) => figureMemberLabel(lang, figure.name, member) });
        }
        setState({ status: 'idle' });
        onDone(pins);
      } catch (err) {
        if (id !== token.current) return;
        setState(err instanceof CancelledError ? { status: 'idle' } : { status: 'failed', message: err instanceof Error ? err.message : String(err) });
      }
    },
    [onDone],
  );

  const cancel = useCallback(() => {
    token.current += 1;
    engine.current?.cancel();
    setState({ status: 'idle' });
  }, []);

  return { state, run, cancel };
}
