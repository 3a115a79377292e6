// The playground's right column: the run's charts (with the pin button and the comparison bar
// under the headline), its summary, and the NAND lab.
import { useMemo } from 'react';
import { chartDefs } from '../run/chartSpecs';
import { RunCharts } from '../charts/RunCharts';
import { qosOf } from '../run/qos';
import { compatiblePins } from '../charts/SeriesChartCard';
import type { SummaryField } from '../engine/types';
import { LabCard } from '../explain/lab/LabCard';
import { useI18n } from '../i18n';
import { knobText } from '../i18n/engineText';
import { knobForField } from '../scenario/knobs';
import { SummaryPanel } from '../panels/SummaryPanel';
import { sameJson, type JsonObject } from '../scenario/paths';
import { Icon } from '../ui/Icon';
import { useDraftProblems } from '../ui/fieldDrafts';
import { CompareBar } from './CompareBar';
import { runPinLabel } from '../session/pinLabel';
import { pinId } from '../session/pins';
import type { Session } from '../session/useSession';

const NO_FIELDS: SummaryField[] = [];

export function PlaygroundResults({ s, filenameBase }: { s: Session; filenameBase: string }) {
  const { t, lang } = useI18n();
  const { catalog, scenario, view } = s;
  const preset = catalog?.presets.find((p) => p.name === scenario.preset);
  const headlineMeta = view.series[chartDefs(view.series)[0]?.series[0] ?? -1];
  // The preset the shown run is, exactly as shipped (or null once anything differs).
  const runPreset = useMemo(() => (preset && view.scenario && sameJson(view.scenario as unknown as JsonObject, preset.scenario as unknown as JsonObject) ? preset.name : null), [preset, view.scenario]);
  // The ceiling the run stopped at names a field; the summary says it with the knob's own label.
  const stopped = useMemo(() => {
    if (!view.stopped) return null;
    const knob = catalog ? knobForField(catalog.knobs, view.stopped.field) : undefined;
    return { code: view.stopped.code, id: view.stopped.field, field: knob ? knobText(lang, knob).label : view.stopped.field, message: view.stopped.message };
  }, [catalog, lang, view.stopped]);

  const pinCurrent = () => {
    if (view.status !== 'done' || !view.scenarioJson || !view.scenario || !catalog) return;
    const head = chartDefs(view.series)[0];
    if (!head) return;
    const runScenario = view.scenario as unknown as JsonObject;
    // Named from the scenario alone, as a page opened from the share link names it.
    s.pins.add({
      id: pinId(),
      basePreset: scenario.preset,
      scenarioJson: view.scenarioJson,
      scenario: runScenario,
      series: head.series.map((i) => ({ meta: view.series[i], points: view.buffers[i].view().slice() })),
      summary: view.summary,
      label: runPinLabel(catalog, scenario.preset, runScenario),
    });
  };

  const emptySummary = {
    idle: t('summary.idle'),
    running: t('summary.running'),
    done: '',
    cancelled: t('summary.cancelled'),
    failed: t('summary.failed'),
  }[view.status];

  // A refused scenario has no run: what is drawn is the last accepted one, dimmed and labelled.
  const qos = useMemo(() => (view.status === 'done' ? qosOf(view.scenario, view.summary) : null), [view.status, view.scenario, view.summary]);
  const drafts = useDraftProblems();
  const refused = (scenario.validation.status === 'invalid' || drafts.length > 0) && view.status !== 'running' && view.series.length > 0;

  return (
    <div className={`content${view.stale ? ' stale' : ''}${refused ? ' refused' : ''}`} id="charts" aria-busy={view.status === 'running'}>
      {refused && (
        <p className="refused-label" data-testid="refused-label">
          {t('refused.stale')}
        </p>
      )}
      <RunCharts
        view={view}
        pins={s.pins.pins}
        onRemovePin={s.pins.remove}
        runtimeS={s.runtimeS}
        filenameBase={filenameBase}
        blocks={s.blockMapExpected}
        idleText={s.waitsForTrace ? t('run.needsTrace') : undefined}
        runPreset={runPreset}
        headlineActions={
          <button type="button" className="btn btn-ghost btn-small" onClick={pinCurrent} disabled={view.status !== 'done'} data-testid="pin" title={t('compare.pinHelp')}>
            <Icon name="pin" />
            {t('compare.pin')}
          </button>
        }
        afterHeadline={<CompareBar pins={s.pins} variants={s.variants} figures={catalog?.figures ?? []} hidden={s.pins.pins.length - compatiblePins(s.pins.pins, headlineMeta).length} />}
      />
      <SummaryPanel summary={view.summary} fields={catalog?.summaryFields ?? NO_FIELDS} emptyText={emptySummary} devices={s.runDevices} stopped={stopped} qos={qos} tenants={view.status === 'done' ? view.tenants : null} powerCut={view.status === 'done' ? view.powerCut : null} />
      <LabCard knobs={catalog?.labKnobs} />
    </div>
  );
}
