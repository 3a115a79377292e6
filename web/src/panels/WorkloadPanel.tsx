// What the host does: a benchmark from the articles (or a custom fio-style job) and its
// parameters, the drive's state before it starts, and the run's seed and scale.
import { memo, useId } from 'react';
import type { EngineErrorData } from '../engine/errors';
import { useI18n, type MessageKey } from '../i18n';
import { panelGroups, type Knob, type KnobLayout } from '../scenario/knobs';
import type { Json, JsonObject } from '../scenario/paths';
import { FioJobFile, type FioControls } from './FioJobFile';
import { KnobGroups } from './KnobGroups';

interface Props {
  knobs: readonly Knob[];
  layout: KnobLayout;
  scenario: JsonObject;
  kind: string;
  /** The preset's own workload kind (a different kind counts as an edit). */
  presetKind: string;
  edited: readonly string[];
  error: EngineErrorData | null;
  onKind(kind: string): void;
  onChange(path: string, value: Json): void;
  onReset(path: string): void;
  /** fio job files in and out (absent where the page has no engine to read them, as in an embed). */
  fio?: FioControls;
  /** A trace file is attached (the Your trace panel): the trace replay can run. */
  traceReady?: boolean;
}

/** The message naming a workload kind the engine lists (`kinds`); null for any other. */
export function kindKey(kind: string, kinds: readonly string[]): MessageKey | null {
  return kinds.includes(kind) ? (`kind.${kind}` as MessageKey) : null;
}

/**
 * The kinds the menu offers: the engine's, less `trace` until a trace file is attached (the Your
 * trace panel's "Replay on this drive"): without one the replay has nothing to run. A scenario
 * that already is a trace replay (a shared link) still shows its kind.
 */
export function menuKinds(kinds: readonly string[], current: string, traceReady = false): string[] {
  return kinds.filter((k) => k !== 'trace' || traceReady || current === 'trace');
}

// Memoised: the page re-renders with every frame of a streaming run; this only changes with the scenario.
export const WorkloadPanel = memo(function WorkloadPanel({ knobs, layout, scenario, kind, presetKind, edited, error, onKind, onChange, onReset, fio, traceReady }: Props) {
  const { t } = useI18n();
  const id = useId();
  const kinds = layout.workload_kinds;
  const groups = panelGroups(knobs, kind, layout).workload;
  const label = (k: string) => {
    const key = kindKey(k, kinds);
    return key ? t(key) : k;
  };
  const helpKey = kinds.includes(kind) ? (`kind.${kind}.help` as MessageKey) : null;
  return (
    <section className="card panel" aria-labelledby="workload-title" data-testid="workload-panel">
      <div className="card-head">
        <h2 id="workload-title">{t('panel.workload')}</h2>
      </div>
      <div className={`knob knob-kind${kind !== presetKind ? ' knob-edited' : ''}`} data-knob="workload.kind">
        <div className="knob-head">
          <label htmlFor={id} className="knob-label">
            {t('panel.benchmark')}
          </label>
        </div>
        <select id={id} value={kind} onChange={(e) => onKind(e.target.value)} data-path="workload.kind">
          {!kinds.includes(kind) && <option value={kind}>{kind}</option>}
          {menuKinds(kinds, kind, traceReady).map((k) => (
            <option key={k} value={k}>
              {label(k)}
            </option>
          ))}
        </select>
        {helpKey && <p className="knob-help">{t(helpKey)}</p>}
        {fio && <FioJobFile kind={kind} fio={fio} />}
      </div>
      <KnobGroups groups={groups} scenario={scenario} kind={kind} edited={edited} error={error} initiallyOpen={['workload']} onChange={onChange} onReset={onReset} />
    </section>
  );
});
