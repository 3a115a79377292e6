// The drive: every device knob the engine lists, grouped the way an SSD person reads a spec.
import { memo } from 'react';
import type { EngineErrorData } from '../engine/errors';
import { useI18n } from '../i18n';
import { hasSlcCache, panelGroups, type Knob, type KnobLayout } from '../scenario/knobs';
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

// The XPoint and disk groups are the drive's media when they show (device.kind, or a hybrid's
// tiers), so they open with `media`; a hybrid's tiers open too.
const OPEN = ['media', 'tier', 'xpoint', 'hdd'];
const OPEN_WITH_SLC = ['media', 'tier', 'xpoint', 'hdd', 'slc_cache'];

// Memoised: the page re-renders with every frame of a streaming run; this only changes with the scenario.
export const DevicePanel = memo(function DevicePanel({ knobs, layout, scenario, kind, edited, error, onChange, onReset }: Props) {
  const { t } = useI18n();
  const groups = panelGroups(knobs, kind, layout).device;
  // A drive with an SLC cache shows it at once: its size is what shapes a write run.
  const initiallyOpen = hasSlcCache(scenario) ? OPEN_WITH_SLC : OPEN;
  return (
    <section className="card panel" aria-labelledby="device-title" data-testid="device-panel">
      <div className="card-head">
        <h2 id="device-title">{t('panel.device')}</h2>
      </div>
      <KnobGroups groups={groups} scenario={scenario} kind={kind} edited={edited} error={error} initiallyOpen={initiallyOpen} onChange={onChange} onReset={onReset} />
    </section>
  );
});
