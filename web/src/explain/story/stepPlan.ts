// Everything a step needs before it can run: its scenario (a preset step, as the reader's inline
// knobs left it), the run job (keyed by exactly what runs, so steps showing the same scenario
// share one run), and its playground link.
import type { LoadedCatalog } from '../../session/catalog';
import type { JsonObject } from '../../scenario/paths';
import type { UrlIssue } from '../../scenario/urlCodec';
import type { StoryStep } from '../stories/schema';
import { figureWithSet, playgroundQuery, presetScenario } from './stepScenario';
import type { StepJob } from './useStoryRuns';

export interface StepPlan {
  job: StepJob | null;
  scenario: JsonObject | null;
  /** A preset step's own scenario, as the story wrote it (its knobs reset to it). */
  own: JsonObject | null;
  playground: string | null;
  issues: UrlIssue[];
}

const NONE: StepPlan = { job: null, scenario: null, own: null, playground: null, issues: [] };

export function planStep(step: StoryStep, catalog: LoadedCatalog | null, edited: JsonObject | undefined, lang: string): StepPlan {
  const show = step.show;
  if (!catalog || 'lab' in show) return NONE;
  if ('preset' in show) {
    const base = presetScenario(show, catalog.codec);
    const scenario = edited ?? base.scenario;
    const json = JSON.stringify(scenario);
    return { job: { key: json, kind: 'scenario', json }, scenario, own: base.scenario, playground: playgroundQuery(show, catalog.codec, catalog.figures, lang, scenario), issues: base.issues };
  }
  const named = catalog.figures.find((f) => f.name === show.figure);
  if (!named) return { ...NONE, issues: [{ code: 'unknown-figure', param: 'figure', value: show.figure }] };
  const { figure, issues } = figureWithSet(named, show.set, catalog.codec);
  const members = figure.members.map((m) => JSON.stringify(m.scenario));
  return { job: { key: `figure:${figure.name}:${members.join('|')}`, kind: 'figure', figure, members }, scenario: null, own: null, playground: playgroundQuery(show, catalog.codec, catalog.figures, lang), issues };
}

/** Run order: the step being read, then the ones after it, then the ones before. */
export function jobOrder(plans: readonly StepPlan[], active: number): StepJob[] {
  const order = [...plans.slice(active), ...plans.slice(0, active)];
  const seen = new Set<string>();
  const jobs: StepJob[] = [];
  for (const p of order) {
    if (!p.job || seen.has(p.job.key)) continue;
    seen.add(p.job.key);
    jobs.push(p.job);
  }
  return jobs;
}

/** Every scenario a story's steps run as written (no inline knob touched): what the build ships. */
export function storyScenarios(steps: readonly StoryStep[], catalog: LoadedCatalog): string[] {
  const jobs = steps.map((step) => planStep(step, catalog, undefined, 'en').job);
  return [...new Set(jobs.flatMap((job) => (!job ? [] : job.kind === 'scenario' ? [job.json] : job.members)))];
}
