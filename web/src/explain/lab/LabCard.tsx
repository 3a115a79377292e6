// The NAND lab's own place in the playground: a card that opens on demand (its worker starts
// only then, or straight away from a #nand-lab link), with the drive's size to choose.
import { memo, useState } from 'react';
import { useI18n } from '../../i18n';
import { optionLabel } from '../../i18n/engineText';
import type { Knob } from '../../scenario/knobs';
import { LAB_CHOICES, LAB_GC_POLICIES, labConfigFrom, type LabConfig, type LabGcPolicy } from './config';
import { useLabDefaults } from './useLabDefaults';
import { NandLabView } from './NandLabView';

/** The engine's lab knob behind each setting. */
const KNOB_OF = { blocks: 'lab.blocks', pagesPerBlock: 'lab.pages_per_block', opPercent: 'lab.op_percent' } as const;

/** The picks the engine's lab knob allows: its range is the lab's, never a copy of it. */
function allowed(values: readonly number[], knob: Knob | undefined): number[] {
  return values.filter((v) => v >= (knob?.min ?? -Infinity) && v <= (knob?.max ?? Infinity));
}

// Memoised: the page re-renders with every frame of a streaming run; the lab has no part in it.
// `knobs`: the engine's lab knobs (`catalog.labKnobs`), once the catalogue has arrived.
export const LabCard = memo(function LabCard({ knobs }: { knobs?: readonly Knob[] }) {
  const { t, lang } = useI18n();
  const [open, setOpen] = useState(() => typeof location !== 'undefined' && location.hash === '#nand-lab');
  // The reader's picks over the engine's own lab (`lab_defaults()`), which arrives once the card opens.
  const [picks, setPicks] = useState<Partial<LabConfig>>({});
  const defaults = useLabDefaults(open);
  const config: LabConfig | null = defaults && { ...labConfigFrom(defaults), ...picks };
  const setConfig = (next: Partial<LabConfig>) => setPicks({ ...picks, ...next });
  const knob = (path: string) => knobs?.find((k) => k.path === path);
  const gcPolicy: Pick<Knob, 'path' | 'options' | 'option_labels'> = knob('lab.gc_policy') ?? { path: 'lab.gc_policy' };
  const pick = (key: keyof typeof KNOB_OF, label: string) => (
    <label className="lab-setting">
      <span>{label}</span>
      <select value={config?.[key]} onChange={(e) => setConfig({ [key]: Number(e.target.value) })} data-testid={`lab-${key}`}>
        {allowed(LAB_CHOICES[key], knob(KNOB_OF[key])).map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <details className="card lab-card" id="nand-lab" open={open} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)} data-testid="lab-card">
      <summary>
        {t('lab.title')} <span className="muted small">— {t('lab.sectionHelp')}</span>
      </summary>
      {open && !config && <p className="muted">{t('lab.loading')}</p>}
      {open && config && (
        <>
          <div className="lab-settings" role="group" aria-label={t('lab.settings')}>
            {pick('blocks', t('lab.blocks'))}
            {pick('pagesPerBlock', t('lab.pagesPerBlock'))}
            {pick('opPercent', t('lab.op'))}
            <label className="lab-setting">
              <span>{t('lab.gcPolicy')}</span>
              <select value={config.gcPolicy} onChange={(e) => setConfig({ gcPolicy: e.target.value as LabGcPolicy })} data-testid="lab-gcPolicy">
                {((gcPolicy.options ?? LAB_GC_POLICIES) as readonly string[]).map((p) => (
                  <option key={p} value={p}>
                    {/* The engine's own GC policy names, as the playground's GC knob shows them. */}
                    {optionLabel(lang, gcPolicy, p)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <NandLabView config={config} />
        </>
      )}
    </details>
  );
});
