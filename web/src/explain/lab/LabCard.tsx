// The NAND lab's own place in the playground: a card that opens on demand (its worker starts
// only then, or straight away from a #nand-lab link), with the drive's size to choose.
import { memo, useState } from 'react';
import { useI18n } from '../../i18n';
import { optionLabel } from '../../i18n/engineText';
import { DEFAULT_LAB_CONFIG, LAB_GC_POLICIES, type LabConfig, type LabGcPolicy } from './config';
import { NandLabView } from './NandLabView';

const BLOCKS = [6, 8, 12, 16, 24, 32];
const PAGES = [4, 8, 16];
const OP = [10, 25, 50, 100];

// Memoised: the page re-renders with every frame of a streaming run; the lab has no part in it.
export const LabCard = memo(function LabCard() {
  const { t, lang } = useI18n();
  const [open, setOpen] = useState(() => typeof location !== 'undefined' && location.hash === '#nand-lab');
  const [config, setConfig] = useState<LabConfig>(DEFAULT_LAB_CONFIG);
  const pick = (key: 'blocks' | 'pagesPerBlock' | 'opPercent', values: number[], label: string) => (
    <label className="lab-setting">
      <span>{label}</span>
      <select value={config[key]} onChange={(e) => setConfig({ ...config, [key]: Number(e.target.value) })} data-testid={`lab-${key}`}>
        {values.map((v) => (
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
      {open && (
        <>
          <div className="lab-settings" role="group" aria-label={t('lab.settings')}>
            {pick('blocks', BLOCKS, t('lab.blocks'))}
            {pick('pagesPerBlock', PAGES, t('lab.pagesPerBlock'))}
            {pick('opPercent', OP, t('lab.op'))}
            <label className="lab-setting">
              <span>{t('lab.gcPolicy')}</span>
              <select value={config.gcPolicy ?? 'greedy'} onChange={(e) => setConfig({ ...config, gcPolicy: e.target.value as LabGcPolicy })} data-testid="lab-gcPolicy">
                {LAB_GC_POLICIES.map((p) => (
                  <option key={p} value={p}>
                    {/* The engine's own GC policy names, as the playground's GC knob shows them. */}
                    {optionLabel(lang, 'device.gc.policy', p)}
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
