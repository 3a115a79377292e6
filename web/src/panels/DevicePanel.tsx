// The drive: every device knob the engine lists, grouped the way an SSD person reads a spec.
import { memo } from 'react';
import { useI18n } from '../i18n';
import { panelGroups, type Knob, type KnobLayout } from '../scenario/knobs';
import type { KnobBinding } from '../session/knobBinding';
import { KnobGroups } from './KnobGroups';

interface Props {
  knobs: readonly Knob[];
  layout: KnobLayout;
  binding: KnobBinding;
}

// Memoised: the page re-renders with every frame of a streaming run; this only changes with the scenario.
export const DevicePanel = memo(function DevicePanel({ knobs, layout, binding }: Props) {
  const { t } = useI18n();
  const groups = panelGroups(knobs, binding.kind, layout).device;
  return (
    <section className="card panel" aria-labelledby="device-title" data-testid="device-panel">
      <div className="card-head">
        <h2 id="device-title">{t('panel.device')}</h2>
      </div>
      <KnobGroups groups={groups} binding={binding} />
    </section>
  );
});
