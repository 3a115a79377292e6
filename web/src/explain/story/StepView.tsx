// One step of a story: its title, its setup text with live numbers, and what it shows — a chart
// of the step's run with the highlight drawn on it (after the reader's prediction, if it asks
// for one), or the animated NAND view — then, once revealed, what a power cut left (when the
// step's job cut the power), the explanation and the back-of-envelope model beside the engine's
// number; inline knobs and its links.
import { useMemo, useState, type ReactNode } from 'react';
import type { LoadedCatalog } from '../../session/catalog';
import { chartDefs, type ChartDef } from '../../run/chartSpecs';
import type { PlotFrame } from '../../charts/plotFrame';
import { useI18n, type Lang } from '../../i18n';
import { BoundKnob } from '../../panels/BoundKnob';
import { PowerCutTable } from '../../panels/PowerCutTable';
import type { EngineClient } from '../../engine/bridge';
import { refusedKnob } from '../../session/knobBinding';
import { useStepBinding, type StepBindingOptions } from './useStepBinding';
import { summaryValue } from '../../panels/summaryFields';
import { deviceKinds, knobsFor, workloadKind, type Knob } from '../../scenario/knobs';
import type { JsonObject } from '../../scenario/paths';
import type { StoryHighlight, StoryStep } from '../stories/schema';
import { highlightOverlay } from './HighlightLayer';
import { LabSlot } from './LabSlot';
import { Prediction } from './Prediction';
import { StepHead } from './StepHead';
import { StepLinks } from './StepLinks';
import { StepDriveState } from './StepDriveState';
import { StepModel } from './StepModel';
import { StepText } from './StepText';
import type { StepResult } from './useStoryRuns';
import type { Pin } from '../../session/pins';

interface Props {
  /** The story's engine: a step's knob edits are compiled by it before they run. */
  engine: EngineClient | null;
  /** Starts the story's engine (held back until the first chart is drawn) for an edit. */
  wantEngine(): void;
  storyId: string;
  step: StoryStep;
  index: number;
  total: number;
  result: StepResult;
  /** The step before, drawn as a ghost line on this step's chart (preset steps). */
  ghost?: Pin | null;
  catalog: LoadedCatalog | null;
  /** A preset step's scenario as it is now (inline knobs change it). */
  scenario: JsonObject | null;
  /** The step's own scenario, which its knobs reset to. */
  own?: JsonObject | null;
  onScenario(next: JsonObject | null): void;
  /** The reader's answer to the step's question (null: not answered yet). */
  answer: string | null;
  onAnswer(choice: string): void;
  /** The playground link's query string, or null (a lab step). */
  playground: string | null;
  embed?: boolean;
  onRetry(): void;
}

export function StepView({ engine, wantEngine, storyId, step, index, total, result, ghost = null, catalog, scenario, own, onScenario, answer, onAnswer, playground, embed = false, onRetry }: Props) {
  const { lang } = useI18n();
  const [skipped, setSkipped] = useState(false);
  const revealed = !step.predict || answer !== null || skipped;
  const view = result.view;
  const live = useMemo(
    () => ({ summary: view?.status === 'done' ? view.summary : null, fields: catalog?.summaryFields ?? [], scenario, knobs: catalog?.knobs ?? [] }),
    [view, catalog, scenario],
  );
  const chartId = step.chart ?? 'headline';
  const def = view ? chartDefs(view.series).find((d) => d.id === chartId) : undefined;
  const xUnit = def ? view?.series[def.series[0]]?.x.unit : undefined;
  const marks = useMemo(() => highlightMarks(step.highlight ?? [], live.summary, xUnit, lang), [step.highlight, live.summary, xUnit, lang]);
  const overlay = useMemo(() => highlightOverlay(marks), [marks]);
  const chart: ChartLook = { filenameBase: `ssd-story-${storyId}-${step.id}`, height: embed ? 260 : 300, exportable: !embed, highlight: overlay, driveState: !embed };

  const kind = scenario ? workloadKind(scenario) : 'job';
  const usable = catalog && scenario ? knobsFor(catalog.knobs, kind, deviceKinds(scenario)) : [];
  const knobs = (step.knobs ?? []).map((p) => usable.find((k) => k.path === p)).filter((k): k is Knob => k !== undefined);
  const points = def && view ? def.series.reduce((n, i) => n + (view.buffers[i]?.length ?? 0), 0) + result.pins.reduce((n, p) => n + p.series.reduce((m, s) => m + (s.points.length >> 1), 0), 0) : 0;

  return (
    <section
      className={`story-step${embed ? ' story-step-embed' : ''}`}
      id={`step-${step.id}`}
      data-step={step.id}
      data-status={'lab' in step.show ? 'lab' : result.status}
      data-points={points}
      aria-labelledby={`step-${step.id}-title`}
    >
      <StepHead step={step} index={index} total={total} titleId={`step-${step.id}-title`} />
      <div className="story-text">
        <StepText text={step.text[lang]} live={live} />
      </div>
      {knobs.length > 0 && scenario && <StepKnobs engine={engine} wantEngine={wantEngine} knobs={knobs} all={usable} kind={kind} scenario={scenario} own={own ?? scenario} runError={result.status === 'failed' ? result.error : null} onScenario={onScenario} />}
      {step.predict && <Prediction predict={step.predict} answer={answer} onAnswer={onAnswer} skipped={skipped} onSkip={() => setSkipped(true)} />}
      <div className="story-figure">
        {'lab' in step.show ? <LabSlot config={step.show.lab} compact={embed} storyId={storyId} stepId={step.id} /> : revealed ? <StepChart result={result} ghost={ghost} def={def} chartId={chartId} chart={chart} onRetry={onRetry} /> : null}
      </div>
      {revealed && view?.status === 'done' && view.powerCut && (
        <div className="card story-power-cut">
          <PowerCutTable cut={view.powerCut} />
        </div>
      )}
      {revealed && step.after && (
        <div className="story-after" data-testid="story-after">
          <StepText text={step.after[lang]} live={live} />
        </div>
      )}
      {revealed && step.model && <StepModel model={step.model} live={live} view={view} scenario={scenario} />}
      <StepLinks storyId={storyId} stepId={step.id} title={step.title[lang]} playground={playground} embed={embed} />
    </section>
  );
}

/** The knobs a step offers to try, inline under its text, bound as the playground's are. */
function StepKnobs(props: StepBindingOptions) {
  const { t } = useI18n();
  const { knobs } = props;
  const binding = useStepBinding(props);
  const refused = refusedKnob(binding, knobs);
  return (
    <div className="story-knobs" data-testid="story-knobs">
      <span className="story-knobs-label">{t('story.tryKnob')}</span>
      {knobs.map((knob) => (
        <BoundKnob key={knob.path} knob={knob} binding={binding} refused={refused} compact />
      ))}
      {binding.error && !refused && (
        <p className="field-error" role="alert">
          {binding.error.message}
        </p>
      )}
    </div>
  );
}


/** How the step's chart card looks: sized and exportable by where it is, the highlight drawn on it. */
interface ChartLook {
  filenameBase: string;
  height: number;
  exportable: boolean;
  highlight?: (frame: PlotFrame) => ReactNode;
  /** The drive's state under the chart's cursor; an embed keeps to the chart (its host sized it for one). */
  driveState: boolean;
}

interface ChartProps {
  result: StepResult;
  ghost: Pin | null;
  def: ChartDef | undefined;
  chartId: string;
  chart: ChartLook;
  onRetry(): void;
}

/** The step's chart once revealed, or why it is not there yet: failed, missing, running or queued. */
function StepChart({ result, ghost, def, chartId, chart, onRetry }: ChartProps) {
  const { t } = useI18n();
  const view = result.view;
  if (result.status === 'failed')
    return (
      <div className="story-chart-state" role="alert" data-testid="step-failed">
        <p>{t('story.failed', { message: result.error ?? '' })}</p>
        <button type="button" className="btn btn-secondary btn-small" onClick={onRetry}>
          {t('run.retry')}
        </button>
      </div>
    );
  if (view && def) return <StepDriveState def={def} view={view} pins={ghost && result.pins.length === 0 ? [ghost] : result.pins} members={result.pins} {...chart} />;
  if (view && view.status === 'done')
    return (
      <div className="story-chart-state" role="alert">
        <p>{t('story.chartMissing', { chart: chartId })}</p>
      </div>
    );
  return (
    <div className="story-chart-state" aria-busy="true">
      <p className="muted">{result.status === 'running' ? t('story.running', { p: Math.floor(result.progress * 100) }) : t('story.queued')}</p>
      <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.floor(result.progress * 100)} aria-label={t('run.progress')}>
        <div className="progress-fill" style={{ width: `${result.progress * 100}%` }} />
      </div>
    </div>
  );
}

/** Bytes per unit of a chart's x axis, for marks that follow a summary value in bytes. */
const BYTES_PER_X: Partial<Record<string, number>> = { gib: 2 ** 30, gb: 1e9 };

/**
 * The step's marks, each at its `x` or, once the run has it, at the summary value it follows
 * (in the chart's unit); a mark whose value the run lacks, or has as 0, is not drawn.
 */
export function highlightMarks(highlight: readonly StoryHighlight[], summary: object | null, xUnit: string | undefined, lang: Lang) {
  return highlight.flatMap((h) => {
    let x = h.x;
    if (h.x_from && summary) {
      const value = summaryValue(summary, h.x_from);
      const per = xUnit ? BYTES_PER_X[xUnit] : undefined;
      if (typeof value !== 'number' || value <= 0 || !per) return [];
      x = value / per;
    }
    return [{ kind: h.kind, x, x2: h.x2, label: h.label[lang], fixed: Boolean(h.x_from && summary) }];
  });
}
