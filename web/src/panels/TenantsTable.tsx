// Under the summary of a tenants run: each fio job's own share of the drive. Rates are over the
// tenant's own time (it may end before the others), as fio reports each job; the summary above
// adds them up.
import type { TenantSummary } from '../engine/types';
import { useI18n } from '../i18n';
import { formatValue } from '../run/format';
import { unitText } from '../i18n/units';

export function TenantsTable({ tenants }: { tenants: readonly TenantSummary[] }) {
  const { t, lang, locale } = useI18n();
  const num = (v: number) => formatValue(v, locale);
  // A pattern that never reads (or writes) shows a dash, not a row of zeros.
  const rate = (mbs: number, iops: number) => (iops > 0 ? `${num(mbs)} ${unitText(lang, 'mb_per_s')} · ${num(iops)} ${unitText(lang, 'iops')}` : '–');
  const p99 = (l: TenantSummary['read_latency']) => (l.count > 0 ? `${num(l.p99_us)} ${unitText(lang, 'us')}` : '–');
  return (
    <div className="table-scroll">
      <table className="group-table tenants-table" data-testid="tenants-table">
        <caption>{t('tenants.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('tenants.tenant')}</th>
            <th scope="col">{t('tenants.plid')}</th>
            <th scope="col">{t('tenants.write')}</th>
            <th scope="col">
              {t('tenants.write')} {t('summary.col.p99_us')}
            </th>
            <th scope="col">{t('tenants.read')}</th>
            <th scope="col">
              {t('tenants.read')} {t('summary.col.p99_us')}
            </th>
            <th scope="col">{t('tenants.time')}</th>
          </tr>
        </thead>
        <tbody>
          {tenants.map((x) => (
            <tr key={x.tenant} data-tenant={x.tenant}>
              <th scope="row">{t('tenants.n', { n: x.tenant })}</th>
              <td>{x.plid > 0 ? x.plid : t('tenants.untagged')}</td>
              <td>{rate(x.write_mb_per_s, x.write_iops)}</td>
              <td>{p99(x.write_latency)}</td>
              <td>{rate(x.read_mb_per_s, x.read_iops)}</td>
              <td>{p99(x.read_latency)}</td>
              <td>
                {num(x.duration_s)} {unitText(lang, 's')}
              </td>
            </tr>
          ))}
        </tbody>
        {tenants.some((x) => x.plid > 0) && (
          <tfoot>
            <tr>
              <td colSpan={7}>{t('tenants.wafNote')}</td>
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
