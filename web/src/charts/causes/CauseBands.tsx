// "Where the time goes": per operation kind, one 100 % bar per band of the latency distribution
// and one for the slowest command, split by cause; the band's mean latency beside it. Hover or
// focus a bar for its split in numbers.
import { useState } from 'react';
import type { LatencyCauses } from '../../engine/types';
import { useI18n, type MessageKey } from '../../i18n';
import { percentText } from '../drive-state/caption';
import { causeColor } from './causeColors';
import { causesShown, opBands, type BandRow } from './causeBands';
import { causeName, latencyText } from '../../run/causeText';
import { samplesFor } from '../../run/qos';

export function CauseBands({ doc }: { doc: LatencyCauses }) {
  const { t } = useI18n();
  const ops = opBands(doc);
  const shown = causesShown(doc);
  if (ops.length === 0) return null;
  return (
    <section className="cause-card cause-bands" data-testid="cause-bands" aria-labelledby="cause-bands-title">
      <h3 id="cause-bands-title">{t('causes.bands.title')}</h3>
      <p className="muted small">{t('causes.bands.caption')}</p>
      {ops.map(({ op, rows }) => (
        <div key={op} className="cause-band-op" data-op={op}>
          <h4>{t(op === 'read' ? 'op.read' : 'op.write')}</h4>
          {rows.map((r) => (r.count > 0 ? <BandBar key={r.band} op={op} row={r} /> : <EmptyBand key={r.band} op={op} row={r} total={rows.reduce((n, x) => n + (x.band === 'max' ? 0 : x.count), 0)} />))}
        </div>
      ))}
      <ul className="drive-keys cause-legend" aria-label={t('causes.legend')}>
        {shown.map((id) => (
          <li key={id} data-cause={id}>
            <span className="drive-key-swatch" style={{ background: causeColor(id) }} aria-hidden="true" />
            {causeName(t, id)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A band with no command in it (the tail of a short run): named, with the reason, not left out. */
function EmptyBand({ op, row, total }: { op: 'read' | 'write'; row: BandRow; total: number }) {
  const { t, locale } = useI18n();
  const ops = t(op === 'read' ? 'causes.reads' : 'causes.writes');
  const need = samplesFor(99.9);
  const why = total < need ? t('causes.band.tooFew', { n: total.toLocaleString(locale), ops, need: need.toLocaleString(locale) }) : t('causes.band.none', { ops });
  return (
    <div className="cause-band cause-band-empty" data-band={row.band} data-count={0}>
      <span className="cause-band-name">{t(`causes.band.${row.band}` as MessageKey)}</span>
      <span className="cause-band-why muted">{why}</span>
    </div>
  );
}

function BandBar({ op, row }: { op: 'read' | 'write'; row: BandRow }) {
  const { t, lang, locale } = useI18n();
  const [open, setOpen] = useState(false);
  const band = t(`causes.band.${row.band}` as MessageKey);
  const latency = latencyText(row.meanUs, lang, locale);
  const parts = row.parts.map((p) => t('causes.part', { cause: causeName(t, p.id), value: latencyText(p.us, lang, locale), share: percentText(p.share, locale) }));
  const label = t('causes.band.label', { op: t(op === 'read' ? 'op.read' : 'op.write'), band, latency, n: row.count.toLocaleString(locale), parts: parts.join(', ') });
  return (
    <div
      className="cause-band"
      data-band={row.band}
      data-mean-us={row.meanUs}
      tabIndex={0}
      aria-label={label}
      onPointerEnter={() => setOpen(true)}
      onPointerLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
    >
      <span className="cause-band-name">{band}</span>
      <span className="cause-bar cause-bar-thin" aria-hidden="true">
        {row.parts.map((p) => (
          <span key={p.id} style={{ flexGrow: p.share, background: p.color }} data-cause={p.id} />
        ))}
      </span>
      <span className="cause-band-mean">{t('causes.band.mean', { latency })}</span>
      {open && (
        <span className="cause-band-tip" role="tooltip" data-testid="cause-band-tip">
          {parts.map((p) => (
            <span key={p}>{p}</span>
          ))}
        </span>
      )}
    </div>
  );
}
