// The lab drive's running totals, named by the engine's counter ids. Before a story has taught
// garbage collection (and while the drive has done none) the GC counters and the write
// amplification they make are left out: the view shows nothing the reader has not met.
import { useI18n } from '../../i18n';
import type { MessageKey } from '../../i18n/en';
import { modelCounters, type LabModel } from './model';

const SHOWN = ['host_writes', 'nand_writes', 'waf', 'gc_moves', 'erases', 'host_reads'] as const;
/** What GC makes: shown once GC is taught or has run. */
const OF_GC: ReadonlySet<string> = new Set(['waf', 'gc_moves', 'erases']);

export function LabCounters({ model, gc = true }: { model: LabModel; gc?: boolean }) {
  const { t, locale } = useI18n();
  const c = modelCounters(model);
  const fmt = (id: (typeof SHOWN)[number]) => (id === 'waf' ? (c.host_writes === 0 ? '–' : c.waf.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })) : c[id].toLocaleString(locale));
  return (
    <dl className="lab-counters" aria-label={t('lab.counters')}>
      {SHOWN.filter((id) => gc || !OF_GC.has(id)).map((id) => (
        <div key={id} data-counter={id} data-value={c[id]}>
          <dt>{t(`lab.c.${id}` as MessageKey)}</dt>
          <dd>{fmt(id)}</dd>
        </div>
      ))}
    </dl>
  );
}
