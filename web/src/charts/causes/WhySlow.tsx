// The "why was this slow?" card a click on a latency-trace point pins: the command's latency,
// each cause's part as a horizontal stacked bar and as a list (time and share), largest first.
import { useI18n } from '../../i18n';
import { formatValue } from '../../run/format';
import { percentText } from '../drive-state/caption';
import { causeName, latencyText } from '../../run/causeText';
import type { PointBreakdown } from './causeStack';

interface Props {
  breakdown: PointBreakdown;
  /** µs per unit of the trace's y. */
  usPer: number;
  /** True when a drive-state panel follows the pick. */
  drive: boolean;
  onClose(): void;
}

export function WhySlow({ breakdown, usPer, drive, onClose }: Props) {
  const { t, lang, locale } = useI18n();
  const { parts, total } = breakdown;
  const text = (v: number) => latencyText(v * usPer, lang, locale);
  const said = parts.map((p) => t('causes.part', { cause: causeName(t, p.id), value: text(p.value), share: percentText(p.share, locale) })).join(', ');
  return (
    <section className="cause-card" data-testid="cause-why" data-x={breakdown.x} data-latency-us={total * usPer} aria-labelledby="cause-why-title" aria-live="polite">
      <div className="cause-card-head">
        <h3 id="cause-why-title">{t('causes.why.title')}</h3>
        <button type="button" className="btn btn-ghost btn-small" onClick={onClose} aria-label={t('causes.why.close')} title={t('causes.why.close')}>
          ×
        </button>
      </div>
      <p className="cause-why-at" data-testid="cause-why-at">
        {t('causes.why.at', { x: formatValue(breakdown.x, locale), latency: text(total) })}
      </p>
      {parts.length === 0 ? (
        <p className="muted small">{t('causes.why.none')}</p>
      ) : (
        <>
          <div className="cause-bar" role="img" aria-label={t('causes.why.bar', { parts: said })}>
            {parts.map((p) => (
              <span key={p.id} style={{ flexGrow: p.share, background: p.color }} title={`${causeName(t, p.id)} ${text(p.value)}`} />
            ))}
          </div>
          <ul className="cause-parts" data-testid="cause-parts">
            {parts.map((p) => (
              <li key={p.id} data-cause={p.id} data-us={p.value * usPer} data-share={p.share.toFixed(4)}>
                <span className="drive-key-swatch" style={{ background: p.color }} aria-hidden="true" />
                <span className="cause-part-name">{causeName(t, p.id)}</span>
                <strong>{text(p.value)}</strong>
                <span className="muted">{percentText(p.share, locale)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {drive && <p className="muted small cause-why-drive">{t('causes.why.drive')}</p>}
    </section>
  );
}

/** The stacked layers' key: every cause drawn, in stacking order (bottom first), with the hint to click. */
export function CauseLegend({ ids, colors }: { ids: readonly string[]; colors: readonly string[] }) {
  const { t } = useI18n();
  return (
    <div className="cause-legend-wrap">
      <ul className="drive-keys cause-legend" aria-label={t('causes.legend')} data-testid="cause-legend">
        {ids.map((id, i) => (
          <li key={id} data-cause={id}>
            <span className="drive-key-swatch" style={{ background: colors[i] }} aria-hidden="true" />
            {causeName(t, id)}
          </li>
        ))}
      </ul>
      <p className="muted small cause-hint">{t('causes.clickHint')}</p>
    </div>
  );
}
