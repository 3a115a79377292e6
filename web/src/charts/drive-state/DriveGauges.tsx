// The drive's caches and buffers at the snapshot, each only when the run has it: SLC cache fill,
// write buffer, free blocks, where table lookups were answered, and a hybrid's cache tier. What
// each bar reads, and why the SLC cache's scale is what it holds when that is over its size: gauges.ts.
import type { ReactNode } from 'react';
import type { DriveSnapshot } from '../../engine/types';
import { useI18n, type MessageKey } from '../../i18n';
import { formatValue } from '../../run/format';
import { percentText } from './caption';
import { gaugeReadings, gaugeShare, slcReading, type GaugeReading } from './gauges';

const TIERS = [
  ['sram', '#1a9a63'],
  ['dram', '#2b59c3'],
  ['hmb', '#7b4fc9'],
  ['nand', '#c8372d'],
] as const;

export function DriveGauges({ snapshot: s }: { snapshot: DriveSnapshot }) {
  const { t, locale } = useI18n();
  const num = (v: number) => formatValue(Number(v.toPrecision(3)), locale);
  const readings = gaugeReadings(s);
  const of = (id: GaugeReading['id']) => readings.find((g) => g.id === id);
  const slc = s.slc ? slcReading(s.slc) : null;
  const buffer = of('buffer');
  const free = of('free');
  const tier = of('tier');
  return (
    <div className="drive-gauges">
      <h3 className="drive-part-title">{t('drive.gauges')}</h3>
      {slc && (
        <Gauge
          reading={slc}
          label={t('drive.slc')}
          value={slc.overGb > 0 && num(slc.dataGb) !== num(slc.sizeGb) ? t('drive.slcOver', { data: num(slc.dataGb), size: num(slc.sizeGb), over: num(slc.overGb) }) : t('drive.slcValue', { data: num(slc.dataGb), size: num(slc.sizeGb) })}
        />
      )}
      {buffer && s.buffer_percent !== null && <Gauge reading={buffer} label={t('drive.buffer')} value={percentText(s.buffer_percent / 100, locale)} />}
      {free && <Gauge reading={free} label={t('drive.free')} value={t('drive.freeValue', { free: s.free_blocks.toLocaleString(locale), blocks: s.blocks.toLocaleString(locale) })} />}
      {s.lookups && <Lookups shares={s.lookups} />}
      {tier && s.tier && (
        <Gauge reading={tier} label={t('drive.tierCache')} value={`${t('drive.tierValue', { gb: num(s.tier.cached_gb) })}${s.tier.read_hit_percent !== null ? ` · ${t('drive.tierHit', { p: percentText(s.tier.read_hit_percent / 100, locale) })}` : ''}`} />
      )}
    </div>
  );
}

function Gauge({ reading, label, value }: { reading: GaugeReading; label: string; value: ReactNode }) {
  const pct = gaugeShare(reading) * 100;
  const mark = reading.mark !== null && reading.scale > 0 ? (reading.mark / reading.scale) * 100 : null;
  return (
    <div className="drive-gauge" data-gauge={reading.id}>
      <span className="drive-gauge-label">{label}</span>
      <span className="drive-gauge-track" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(pct)}>
        <span className="drive-gauge-fill" style={{ width: `${pct}%` }} />
        {mark !== null && <span className="drive-gauge-mark" style={{ left: `${mark}%` }} data-testid={`drive-gauge-${reading.id}-mark`} />}
      </span>
      <span className="drive-gauge-value" data-testid={`drive-gauge-${reading.id}`}>
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
