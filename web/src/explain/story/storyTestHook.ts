// window.__ssdStory: what each step of the open story received from the engine and drew, so
// browser tests (and devtools) read the story page as exactly as window.__ssd reads the
// playground.
import { useEffect } from 'react';
import { chartDefs } from '../../run/chartSpecs';
import type { PowerCutSummary } from '../../engine/types';
import type { StoryStep } from '../stories/schema';
import type { StepPlan } from './stepPlan';
import type { StoryRuns } from './useStoryRuns';

export interface StoryStepState {
  id: string;
  kind: 'preset' | 'figure' | 'lab';
  status: string;
  error: string | null;
  /** The chart the step shows, and the lines on it with their points. */
  chart: string | null;
  lines: { label: string; points: number }[];
  summary: Record<string, unknown> | null;
  /** What the step's power cut left, once its run is done (null: its job cut no power). */
  powerCut: PowerCutSummary | null;
  scenarioJson: string | null;
  playground: string | null;
}

export interface StoryTestHook {
  story: string;
  active: string | null;
  steps: StoryStepState[];
}

declare global {
  interface Window {
    __ssdStory?: StoryTestHook;
  }
}

export function useStoryTestHook(story: string, active: string | null, steps: readonly StoryStep[], plans: readonly StepPlan[], runs: StoryRuns): void {
  useEffect(() => {
    window.__ssdStory = {
      story,
      active,
      steps: steps.map((step, i) => {
        const kind = 'lab' in step.show ? 'lab' : 'figure' in step.show ? 'figure' : 'preset';
        const r = runs.result(plans[i]?.job ?? null);
        const chart = kind === 'lab' ? null : (step.chart ?? 'headline');
        const def = r.view ? chartDefs(r.view.series).find((d) => d.id === chart) : undefined;
        const lines =
          kind === 'figure'
            ? r.pins.flatMap((p) => p.series.map((s) => ({ label: p.label('en'), points: s.points.length >> 1 })))
            : def && r.view
              ? def.series.map((k) => ({ label: r.view!.series[k].id, points: r.view!.buffers[k]?.length ?? 0 }))
              : [];
        return {
          id: step.id,
          kind,
          status: kind === 'lab' ? 'lab' : r.status,
          error: r.error,
          chart,
          lines,
          summary: r.view?.status === 'done' ? (r.view.summary) : null,
          powerCut: r.view?.status === 'done' ? (r.view.powerCut ?? null) : null,
          scenarioJson: r.view?.scenarioJson ?? null,
          playground: plans[i]?.playground ?? null,
        };
      }),
    };
  });
}
