// The drive: every device knob the engine lists, grouped the way an SSD person reads a spec.
import { memo } from 'react';
import type { EngineErrorData } from '../engine/errors';
import { useI18n } from '../i18n';
import { panelGroups, type Knob, type KnobLayout } from '../scenario/knobs';
import type { Json, JsonObject } from '../scenario/paths';
import { KnobGroups } from './KnobGroups';

interface Props {
  knobs: readonly Knob[];
  layout: KnobLayout;
  scenario: JsonObject;
  kind: string;
  edited: readonly string[];
  error: EngineErrorData | null;
  onChange(path: string, value: Json): void;
  onReset(path: string): void;
}

// Memoised: the page re-renders with every frame of a streaming run; this only changes with the scenario.
export const DevicePanel = memo(function DevicePanel({ knobs, layout, scenario, kind, edited, error, onChange, onReset }: Props) {
  const { t } = useI18n();
  const groups = panelGroups(knobs, kind, layout).device;
  return (
    <section className="card panel" aria-labelledby="device-title" data-testid="device-panel">
      <div className="card-head">
        <h2 id="device-title">{t('panel.device')}</h2>
      </div>
      <KnobGroups groups={groups} scenario={scenario} kind={kind} edited={edited} error={error} onChange={onChange} onReset={onReset} />
    </section>
  );
});
