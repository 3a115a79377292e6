// A story step's result from the runs so far: a scenario's run, or a figure's members' runs
// overlaid as pins on its first member's charts.
import { PointBuffer } from '../../engine/chunking';
import type { FinishedRun } from '../../engine/runToEnd';
import type { Figure } from '../../engine/types';
import { chartDefs } from '../../run/chartSpecs';
import { causeIndices } from '../../charts/causes/causeStack';
import { figureMemberLabel } from '../../i18n/engineText';
import { memberSeries } from '../../session/headlineSeries';
import { pinId, type Pin, type PinnedSeries } from '../../session/pins';
import type { RunView } from '../../session/runView';
import type { Scenario } from '../../engine/generated/Scenario';

export type StepJob = { key: string; kind: 'scenario'; json: string } | { key: string; kind: 'figure'; figure: Figure; members: string[] };

export interface StepResult {
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  /** The run to draw: live while streaming, then the finished one; a figure's first member. */
  view: RunView | null;
  /** A figure's members, overlaid on the headline chart. */
  pins: Pin[];
  error: string | null;
}

export const QUEUED: StepResult = { status: 'queued', progress: 0, view: null, pins: [], error: null };

/** A figure's result as a finished run of its first member, so the chart card can draw it. */
export function figureView(pins: readonly Pin[]): RunView {
  const first = pins[0];
  // The first member's causes come along (not drawn as lines): its latency trace stacks them.
  const all = [...first.series, ...(first.causeSeries ?? [])];
  const buffers = all.map((s) => {
    const b = new PointBuffer(s.points.length);
    b.append(s.points);
    return b;
  });
  return {
    status: 'done',
    progress: 1,
    series: all.map((s) => s.meta),
    buffers,
    summary: first.summary ?? null,
    error: null,
    scenarioJson: first.scenarioJson,
    scenario: first.scenario as unknown as Scenario,
    elapsedMs: 0,
    frame: 1,
    blockMap: null,
    snapshots: first.snapshots ?? null,
    latencyCauses: first.latencyCauses ?? null,
    runs: 1,
    stale: false,
  };
}

/** A run finished on the pool, as the page's own finished run would show it. */
export function finishedView(scenarioJson: string, run: FinishedRun): RunView {
  return { status: 'done', progress: 1, series: run.series, buffers: run.buffers, summary: run.summary, error: null, scenarioJson, scenario: run.scenario ?? null, elapsedMs: 0, frame: 1, blockMap: run.blockMap, snapshots: run.snapshots, latencyCauses: run.latencyCauses, powerCut: run.powerCut ?? null, runs: 1, stale: false };
}

/** Series `indices` of a run, copied out as a pin holds them. */
export function pinnedSeries(view: RunView, indices: readonly number[]): PinnedSeries[] {
  return indices.map((i) => ({ meta: view.series[i], points: view.buffers[i]?.view().slice() ?? new Float64Array(0) }));
}

/** A member's finished run as a pin of its headline series, labelled as the figure names it. */
function memberPin(figure: Figure, index: number, view: RunView): Pin {
  const member = figure.members[index];
  const head = figure.series === undefined ? (chartDefs(view.series)[0]?.series ?? []) : memberSeries(view.series, figure);
  return {
    id: pinId(),
    figure: figure.name,
    preset: member.id,
    scenarioJson: view.scenarioJson ?? '',
    scenario: (view.scenario ?? {}),
    series: pinnedSeries(view, head),
    summary: view.summary,
    snapshots: view.snapshots,
    latencyCauses: view.latencyCauses,
    causeSeries: pinnedSeries(view, causeIndices(view.series)),
    label: (lang) => figureMemberLabel(lang, figure.name, member),
  };
}

/** Where the runs stand: finished, refused, on the pool (with progress), and the page's own run. */
export interface RunsSoFar {
  done: ReadonlyMap<string, RunView>;
  failed: ReadonlyMap<string, string>;
  pooled: ReadonlyMap<string, number>;
  view: RunView;
}

/** The result of one scenario's run. */
export function scenarioResult(json: string, { done, failed, pooled, view }: RunsSoFar): StepResult {
  const error = failed.get(json);
  if (error !== undefined) return { ...QUEUED, status: 'failed', error };
  const finished = done.get(json);
  if (finished) return { status: 'done', progress: 1, view: finished, pins: [], error: null };
  const onPool = pooled.get(json);
  if (onPool !== undefined) return { ...QUEUED, status: 'running', progress: onPool };
  if (view.scenarioJson === json && view.status === 'running') return { status: 'running', progress: view.progress, view: view.stale ? null : view, pins: [], error: null };
  return QUEUED;
}

/** A figure is built once, when its last member finishes (pins keep their ids): the cache holds it. */
export type FigureCache = Map<string, { view: RunView; pins: Pin[] }>;

export function figureResult(job: Extract<StepJob, { kind: 'figure' }>, one: (json: string) => StepResult, cache: FigureCache): StepResult {
  const cached = cache.get(job.key);
  if (cached) return { status: 'done', progress: 1, view: cached.view, pins: cached.pins, error: null };
  const members = job.members.map(one);
  const bad = members.find((m) => m.status === 'failed');
  if (bad) return bad;
  if (members.every((m) => m.status === 'done')) {
    const pins = members.map((m, i) => memberPin(job.figure, i, m.view!));
    const built = { view: figureView(pins), pins };
    cache.set(job.key, built);
    return { status: 'done', progress: 1, view: built.view, pins, error: null };
  }
  const progress = members.reduce((p, m) => p + (m.status === 'done' ? 1 : m.status === 'running' ? m.progress : 0), 0) / members.length;
  return { ...QUEUED, status: members.some((m) => m.status !== 'queued') ? 'running' : 'queued', progress };
}
