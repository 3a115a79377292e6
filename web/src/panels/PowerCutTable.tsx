// Under the summary of a run whose job cut the power (`workload.power_cut_s`): what the host had
// seen acknowledged, and what of it the drive had not yet put on NAND, in FAST'13's classes
// (docs/power.md). The writes themselves follow, in the order the host saw them acknowledged.
import type { PowerCutSummary } from '../engine/types';
import { useI18n, type MessageKey } from '../i18n';
import { formatValue } from '../run/format';
import { formatBytesExact, formatBytesShort } from '../scenario/bytes';
import { unitText } from '../i18n/units';

/** Rows the page lists of the engine's (up to 200): the rest are counted. */
const SHOWN = 20;

export function PowerCutTable({ cut }: { cut: PowerCutSummary }) {
  const { t, lang, locale } = useI18n();
  const num = (v: number) => formatValue(v, locale);
  const r = cut.recovery;
  const lostAny = cut.lost_writes + cut.shorn_writes + cut.out_of_order_writes > 0;
  const counts: [MessageKey, number][] = [
    ['powerCut.acknowledged', cut.acknowledged_writes],
    ['powerCut.inFlight', cut.in_flight_writes],
    ['powerCut.lost', cut.lost_writes],
    ['powerCut.shorn', cut.shorn_writes],
    ['powerCut.outOfOrder', cut.out_of_order_writes],
  ];
  const shown = cut.commands.slice(0, SHOWN);
  const hidden = cut.lost_writes + cut.shorn_writes + cut.out_of_order_writes - shown.length;
  return (
    <section className="details-section power-cut" data-testid="power-cut">
      <h3 className="details-heading">{t('powerCut.title', { at: `${num(cut.at_s)} ${unitText(lang, 's')}` })}</h3>
      <dl className="power-cut-counts">
        {counts.map(([key, n]) => (
          <div key={key} data-count={key.slice('powerCut.'.length)}>
            <dt>{t(key)}</dt>
            <dd>{num(n)}</dd>
          </div>
        ))}
        <div data-count="lostBytes">
          <dt>{t('powerCut.lostBytes')}</dt>
          <dd>{formatBytesShort(cut.lost_bytes, locale)}</dd>
        </div>
      </dl>
      <p className="details-note" data-testid="power-cut-why">{t(cut.power_loss_protection ? 'powerCut.plp' : lostAny ? 'powerCut.volatile' : 'powerCut.nothingLost')}</p>
      <p className="details-note" data-testid="power-cut-recovery">
        {t('powerCut.recovery', {
          checkpoint: num(r.checkpoint_pages),
          interval: formatBytesShort(r.checkpoint_bytes, locale),
          replayed: num(r.replayed_pages),
          entries: num(r.entries_since_checkpoint),
          time: `${num(r.time_s * 1e3)} ${unitText(lang, 'ms')}`,
        })}
      </p>
      {shown.length > 0 && (
        <div className="table-scroll">
          <table className="group-table power-cut-table">
            <caption>{t('powerCut.writes')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('powerCut.col.acked')}</th>
                <th scope="col">{t('powerCut.col.offset')}</th>
                <th scope="col">{t('powerCut.col.size')}</th>
                <th scope="col">{t('powerCut.col.durable')}</th>
                <th scope="col">{t('powerCut.col.class')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((c, i) => (
                <tr key={i} data-class={c.class}>
                  <td>
                    {num(c.acked_s * 1e3)} {unitText(lang, 'ms')}
                  </td>
                  <td>{formatBytesExact(c.offset_bytes)}</td>
                  <td>{formatBytesExact(c.bytes)}</td>
                  <td>{formatBytesExact(c.durable_bytes)}</td>
                  <td>{t(`powerCut.class.${c.class}` as const)}</td>
                </tr>
              ))}
            </tbody>
            {hidden > 0 && (
              <tfoot>
                <tr>
                  <td colSpan={5}>{t('powerCut.more', { n: num(hidden) })}</td>
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      )}
    </section>
  );
}
