// What the host does: a benchmark from the articles (or a custom fio-style job) and its
// parameters, the drive's state before it starts, and the run's seed and scale.
import { memo, useId } from 'react';
import { useI18n } from '../i18n';
import { workloadKindText } from '../i18n/engineText';
import { panelGroups, type Knob, type KnobLayout, type WorkloadKindText } from '../scenario/knobs';
import type { KnobBinding } from '../session/knobBinding';
import { FioJobFile, type FioControls } from './FioJobFile';
import { KnobGroups } from './KnobGroups';

interface Props {
  knobs: readonly Knob[];
  layout: KnobLayout;
  binding: KnobBinding;
  /** The preset's own workload kind (a different kind counts as an edit). */
  presetKind: string;
  onKind(kind: string): void;
  /** fio job files in and out (absent where the page has no engine to read them, as in an embed). */
  fio?: FioControls;
  /** A trace file is attached (the Your trace panel): the trace replay can run. */
  traceReady?: boolean;
}

/**
 * The kinds the menu offers: the engine's, less `trace` until a trace file is attached (the Your
 * trace panel's "Replay on this drive"): without one the replay has nothing to run. A scenario
 * that already is a trace replay (a shared link) still shows its kind.
 */
export function menuKinds<K extends Pick<WorkloadKindText, 'id'>>(kinds: readonly K[], current: string, traceReady = false): K[] {
  return kinds.filter((k) => k.id !== 'trace' || traceReady || current === 'trace');
}

// Memoised: the page re-renders with every frame of a streaming run; this only changes with the scenario.
export const WorkloadPanel = memo(function WorkloadPanel({ knobs, layout, binding, presetKind, onKind, fio, traceReady }: Props) {
  const { t, lang } = useI18n();
  const { kind } = binding;
  const id = useId();
  const kinds = layout.workload_kinds;
  const groups = panelGroups(knobs, kind, layout).workload;
  const known = kinds.find((k) => k.id === kind);
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
          {!known && <option value={kind}>{kind}</option>}
          {menuKinds(kinds, kind, traceReady).map((k) => (
            <option key={k.id} value={k.id}>
              {workloadKindText(lang, k).label}
            </option>
          ))}
        </select>
        {known && <p className="knob-help">{workloadKindText(lang, known).help}</p>}
        {fio && <FioJobFile kind={kind} fio={fio} />}
      </div>
      <KnobGroups groups={groups} binding={binding} />
    </section>
  );
});
