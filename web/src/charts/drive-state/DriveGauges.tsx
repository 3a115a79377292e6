// The drive's caches and buffers at the snapshot, each only when the run has it: SLC cache fill,
// write buffer, free blocks, where table lookups were answered, and a hybrid's cache tier.
import type { ReactNode } from 'react';
import type { DriveSnapshot } from '../../engine/types';
import { useI18n, type MessageKey } from '../../i18n';
import { formatValue } from '../../run/format';
import { percentText } from './caption';

const TIERS = [
  ['sram', '#1a9a63'],
  ['dram', '#2b59c3'],
  ['hmb', '#7b4fc9'],
  ['nand', '#c8372d'],
] as const;

export function DriveGauges({ snapshot: s }: { snapshot: DriveSnapshot }) {
  const { t, locale } = useI18n();
  const num = (v: number) => formatValue(Number(v.toPrecision(3)), locale);
  return (
    <div className="drive-gauges">
      <h3 className="drive-part-title">{t('drive.gauges')}</h3>
      {s.slc && <Gauge id="slc" label={t('drive.slc')} share={s.slc.size_gb > 0 ? s.slc.data_gb / s.slc.size_gb : 0} value={t('drive.slcValue', { data: num(s.slc.data_gb), size: num(s.slc.size_gb) })} />}
      {s.buffer_percent !== null && <Gauge id="buffer" label={t('drive.buffer')} share={s.buffer_percent / 100} value={percentText(s.buffer_percent / 100, locale)} />}
      {s.blocks > 0 && <Gauge id="free" label={t('drive.free')} share={s.blocks > 0 ? s.free_blocks / s.blocks : 0} value={t('drive.freeValue', { free: s.free_blocks.toLocaleString(locale), blocks: s.blocks.toLocaleString(locale) })} />}
      {s.lookups && <Lookups shares={s.lookups} />}
      {s.tier && (
        <Gauge id="tier" label={t('drive.tierCache')} share={s.tier.read_hit_percent !== null ? s.tier.read_hit_percent / 100 : 0} value={`${t('drive.tierValue', { gb: num(s.tier.cached_gb) })}${s.tier.read_hit_percent !== null ? ` · ${t('drive.tierHit', { p: percentText(s.tier.read_hit_percent / 100, locale) })}` : ''}`} />
      )}
    </div>
  );
}

function Gauge({ id, label, share, value }: { id: string; label: string; share: number; value: ReactNode }) {
  const pct = Math.max(0, Math.min(1, share)) * 100;
  return (
    <div className="drive-gauge" data-gauge={id}>
      <span className="drive-gauge-label">{label}</span>
      <span className="drive-gauge-track" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(pct)}>
        <span className="drive-gauge-fill" style={{ width: `${pct}%` }} />
      </span>
      <span className="drive-gauge-value" data-testid={`drive-gauge-${id}`}>
        {value}
      </span>
    </div>
  );
}

/** Lookups by the tier that answered them, as one bar of shares (percent, summing to about 100). */
function Lookups({ shares }: { shares: readonly number[] }) {
  const { t, locale } = useI18n();
  return (
    <div className="drive-gauge drive-lookups" data-gauge="lookups">
      <span className="drive-gauge-label">{t('drive.lookups')}</span>
      <span className="drive-stack drive-stack-thin" aria-hidden="true">
        {TIERS.map(([tier, color], i) => (shares[i] > 0 ? <span key={tier} style={{ flexGrow: shares[i], background: color }} /> : null))}
      </span>
      <ul className="drive-keys drive-gauge-value" data-testid="drive-gauge-lookups">
        {TIERS.map(([tier, color], i) =>
          shares[i] > 0 ? (
            <li key={tier}>
              <span className="drive-key-swatch" style={{ background: color }} aria-hidden="true" />
              {t(`drive.tier.${tier}` as MessageKey)} <strong>{percentText(shares[i] / 100, locale)}</strong>
            </li>
          ) : null,
        )}
      </ul>
    </div>
  );
}
