// Under the block map of a drive with NVMe FDP on: what each reclaim unit handle's data cost the
// NAND. Shares and ratios only: the byte counts are of the simulated slice (`scale`), and a
// reader compares handles, not sizes.
import type { PlacementSummary } from '../engine/types';
import { useI18n } from '../i18n';
import { formatValue } from '../run/format';
import { HANDLE_COLORS } from './blockMapModel';

export function PlacementTable({ placement }: { placement: PlacementSummary }) {
  const { t, locale } = useI18n();
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
        {placement.handles.map((h) => (
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
      {placement.invalid_placement_writes > 0 && (
        <tfoot>
          <tr>
            <td colSpan={5}>{t('placement.invalid', { n: placement.invalid_placement_writes.toLocaleString(locale) })}</td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}
