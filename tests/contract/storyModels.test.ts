// Every back-of-envelope model a story shows agrees with the engine's run of that step as the
// step's note says: the runs are the steps' own (preset and `set`, read as the page reads them),
// and the engine's number is taken exactly as the page takes it (models.ts). A change to the
// engine that moves a result away from its model fails here, and the note must be reread.
import { beforeAll, describe, expect, it } from 'vitest';
import { codecContext } from '../../web/src/session/catalog';
import { STORIES } from '../../web/src/explain/stories';
import { modelValues } from '../../web/src/explain/stories/models';
import type { ModelKind } from '../../web/src/explain/stories/schema';
import { presetScenario } from '../../web/src/explain/story/stepScenario';
import type { CodecContext } from '../../web/src/scenario/urlCodec';
import { loadEngine, runCollect } from './loadEngine';

let codec: CodecContext;
beforeAll(async () => {
  codec = codecContext(await loadEngine().catalog()).codec;
});

/** How close each model is, as the notes say: the same rule in the engine, or the same policy simulated. */
const TOLERANCE_PERCENT: Record<ModelKind, number> = { 'greedy-waf': 0.5, 'slc-cache': 0.01, 'table-coverage': 0 };

describe('back-of-envelope models beside the engine', () => {
  const steps = STORIES.flatMap((story) => story.steps.filter((s) => s.model && 'preset' in s.show).map((step) => ({ story: story.id, step })));

  it('the stories show the models the issue asks for', () => {
    expect(steps.map(({ story, step }) => `${story}/${step.id}:${step.model!.kind}`)).toEqual([
      'nand-101/steady-state:greedy-waf',
      'nand-101/over-provisioning:greedy-waf',
      'article-000/sram-only:table-coverage',
      'article-001/slc-cache:slc-cache',
      'article-003/no-op:greedy-waf',
      'article-003/op-20:greedy-waf',
    ]);
  });

  for (const { story, step } of steps) {
    it(`${story}/${step.id}: the engine lands on the ${step.model!.kind} model`, async () => {
      const show = step.show as { preset: string; set?: Record<string, string> };
      const { scenario } = presetScenario(show, codec);
      const run = await runCollect(JSON.stringify(scenario), { blockMap: false });
      const values = modelValues(step.model!.kind, {
        scenario,
        summary: run.result.summary,
        series: (id) => {
          const i = run.result.series.findIndex((s) => s.id === id);
          return i >= 0 ? run.points[i] : null;
        },
      });
      expect(values.model, 'model').not.toBeNull();
      expect(values.engine, 'engine').not.toBeNull();
      const gap = (Math.abs(values.engine! - values.model!) / values.model!) * 100;
      expect(gap, `model ${values.model} vs engine ${values.engine}`).toBeLessThanOrEqual(TOLERANCE_PERCENT[step.model!.kind]);
    }, 180_000);
  }
});
