// The back-of-envelope model beside the engine's number: the formula a reader can redo on paper,
// the two numbers side by side with how far apart they are, and why they differ. Shown with the
// chart, once the step is revealed.
import { useMemo } from 'react';
import type { RunView } from '../../session/runView';
import { useI18n } from '../../i18n';
import { withUnit } from '../../i18n/units';
import { formatSummaryValue } from '../../panels/summaryFields';
import type { JsonObject } from '../../scenario/paths';
import { modelValues } from '../stories/models';
import type { StoryModel } from '../stories/schema';
import { StepText, type LiveValues } from './StepText';

interface Props {
  model: StoryModel;
  live: LiveValues;
  view: RunView | null;
  scenario: JsonObject | null;
}

export function StepModel({ model, live, view, scenario }: Props) {
  const { t, lang, locale } = useI18n();
  const done = view?.status === 'done';
  const values = useMemo(
    () =>
      modelValues(model.kind, {
        scenario,
        summary: done ? (view.summary as unknown as Record<string, unknown> | null) : null,
        series: (id) => {
          const i = done ? view.series.findIndex((s) => s.id === id) : -1;
          return i >= 0 ? (view?.buffers[i]?.view() ?? null) : null;
        },
      }),
    [model.kind, scenario, view, done],
  );
  const show = (v: number | null) => (v === null ? '…' : withUnit(lang, formatSummaryValue(v, values.unit, locale), values.unit));
  const gap = values.model !== null && values.engine !== null && values.model !== 0 ? ((values.engine - values.model) / values.model) * 100 : null;
  return (
    <aside className="story-model" data-testid="story-model" data-model={model.kind}>
      <p className="story-model-tag">{t('story.model.title')}</p>
      <div className="story-model-formula">
        <StepText text={model.formula[lang]} live={live} />
      </div>
      <dl className="story-model-values">
        <div>
          <dt>{t('story.model.model')}</dt>
          <dd data-value="model">{show(values.model)}</dd>
        </div>
        <div>
          <dt>{t('story.model.engine')}</dt>
          <dd data-value="engine">{show(values.engine)}</dd>
        </div>
        {gap !== null && (
          <div>
            <dt>{t('story.model.gap')}</dt>
            <dd data-value="gap">{signedPercent(gap, locale)}</dd>
          </div>
        )}
      </dl>
      <div className="story-model-note">
        <StepText text={model.note[lang]} live={live} />
      </div>
    </aside>
  );
}

/** A gap as "+0.08 %" or "−3.1 %": signed by its rounded value, so a gap that rounds to 0 reads "0 %", never "−0 %". */
export function signedPercent(gap: number, locale: string): string {
  const digits = Math.abs(gap) < 1 ? 2 : 1;
  const rounded = Number(gap.toFixed(digits));
  const sign = rounded > 0 ? '+' : rounded < 0 ? '−' : '';
  return `${sign}${Math.abs(rounded).toLocaleString(locale, { maximumFractionDigits: digits })} %`;
}
