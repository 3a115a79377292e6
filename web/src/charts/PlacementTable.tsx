// Under the block map of a drive with NVMe FDP on: what each reclaim unit handle's data cost the
// NAND. Shares and ratios only: the byte counts are of the simulated slice (`scale`), and a
// reader compares handles, not sizes.
import type { PlacementSummary } from '../engine/types';
import { useI18n } from '../i18n';
import { formatValue } from '../run/format';
import { HANDLE_COLORS } from './blockMapModel';

/** "0, 3–7": handle numbers in order, runs of three or more as a range. */
export function handleList(ns: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < ns.length; ) {
    let j = i;
    while (j + 1 < ns.length && ns[j + 1] === ns[j] + 1) j++;
    parts.push(j - i >= 2 ? `${ns[i]}–${ns[j]}` : ns.slice(i, j + 1).join(', '));
    i = j + 1;
  }
  return parts.join(', ');
}

export function PlacementTable({ placement }: { placement: PlacementSummary }) {
  const { t, locale } = useI18n();
  // A drive has up to 8 handles and a workload often names two: the rest go in one line.
  const used = placement.handles.filter((h) => h.host_written_bytes > 0 || h.nand_written_bytes > 0 || h.reclaim_units_opened > 0);
  const idle = placement.handles.filter((h) => !used.includes(h)).map((h) => h.handle);
  const hostTotal = placement.handles.reduce((s, h) => s + h.host_written_bytes, 0);
  const pct = (v: number) => `${formatValue(v, locale)} %`;
  const shared = placement.shared_nand_share_percent > 0 || placement.isolation === 'initially';
  return (
    <table className="group-table placement-table" data-testid="placement-table">
      <caption>{t('placement.title', { isolation: t(`placement.isolation.${placement.isolation === 'initially' ? 'initially' : 'persistently'}`) })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('blocks.handle')}</th>
          <th scope="col">{t('placement.hostShare')}</th>
          <th scope="col">{t('placement.nandShare')}</th>
          <th scope="col">{t('placement.waf')}</th>
          <th scope="col">{t('placement.units')}</th>
        </tr>
      </thead>
      <tbody>
        {used.map((h) => (
          <tr key={h.handle} data-handle={h.handle}>
            <th scope="row">
              <span className="legend-swatch" style={{ background: HANDLE_COLORS[h.handle] ?? '#999' }} aria-hidden="true" /> {t('blocks.handle.n', { n: h.handle })}
            </th>
            <td>{pct(hostTotal > 0 ? (100 * h.host_written_bytes) / hostTotal : 0)}</td>
            <td>{pct(h.nand_share_percent)}</td>
            <td>{h.host_written_bytes > 0 ? formatValue(h.write_amplification, locale) : '–'}</td>
            <td>{formatValue(h.reclaim_units_opened, locale)}</td>
          </tr>
        ))}
        {shared && (
          <tr data-handle="shared">
            <th scope="row">{t('placement.shared')}</th>
            <td>–</td>
            <td>{pct(placement.shared_nand_share_percent)}</td>
            <td>–</td>
            <td>{formatValue(placement.shared_reclaim_units_opened, locale)}</td>
          </tr>
        )}
      </tbody>
      {(idle.length > 0 || placement.invalid_placement_writes > 0) && (
        <tfoot>
          {idle.length > 0 && (
            <tr data-testid="placement-idle">
              <td colSpan={5}>{t('placement.idle', { list: handleList(idle) })}</td>
            </tr>
          )}
          {placement.invalid_placement_writes > 0 && (
            <tr>
              <td colSpan={5}>{t('placement.invalid', { n: placement.invalid_placement_writes.toLocaleString(locale) })}</td>
            </tr>
          )}
        </tfoot>
      )}
    </table>
  );
}
