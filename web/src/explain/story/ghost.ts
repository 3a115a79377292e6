// One figure through a story: a preset step's chart keeps the step before it as a ghost line,
// so the reader sees what the new setting changed against the old one on the same axes. Only
// when both steps draw the same chart of the same kind of workload from different scenarios
// (a figure step has its own overlay; a step after a figure or a lab has no single "before"),
// and only when the two draw the same lines.
import { useMemo } from 'react';
import { chartDefs } from '../../run/chartSpecs';
import { pinWorkloadKind, runMismatch } from '../../run/comparability';
import type { Pin } from '../../session/pins';
import { translate } from '../../i18n';
import type { StoryStep } from '../stories/schema';
import type { StepPlan } from './stepPlan';
import { pinnedSeries, type StepJob, type StepResult } from './stepResults';

/** Each step's ghost (null: none), rebuilt only when a run arrives. An embed shows one step: none. */
export function useGhosts(steps: readonly StoryStep[], plans: readonly StepPlan[], result: (job: StepJob | null) => StepResult, embed: boolean): (Pin | null)[] {
  return useMemo(
    () => steps.map((step, i) => (embed || i === 0 ? null : ghostPin(step, result(plans[i].job), steps[i - 1], result(plans[i - 1].job)))),
    [steps, plans, result, embed],
  );
}

export function ghostPin(step: StoryStep, result: StepResult, before: StoryStep, previous: StepResult): Pin | null {
  if (!('preset' in step.show) || !('preset' in before.show)) return null;
  const chart = step.chart ?? 'headline';
  if ((before.chart ?? 'headline') !== chart || previous.status !== 'done' || !previous.view) return null;
  const view = previous.view;
  if (!view.scenarioJson || view.scenarioJson === result.view?.scenarioJson) return null;
  if (result.view && pinWorkloadKind(view.scenario) !== pinWorkloadKind(result.view.scenario)) return null;
  const def = chartDefs(view.series).find((d) => d.id === chart);
  if (!def) return null;
  const ghost: Pin = {
    id: `ghost-${before.id}`,
    preset: before.show.preset,
    scenarioJson: view.scenarioJson,
    scenario: (view.scenario ?? {}),
    series: pinnedSeries(view, def.series),
    summary: view.summary,
    label: (lang) => translate(lang, 'story.ghost', { title: before.title[lang] }),
  };
  // A ghost measuring other lines than the step's own (an FDP run adds a line per handle) would
  // keep the step's own run off its chart: no ghost then.
  const own = result.view && chartDefs(result.view.series).find((d) => d.id === chart);
  if (result.view && own && runMismatch([ghost], own.series.map((i) => result.view!.series[i]), result.view.scenario)) return null;
  return ghost;
}
